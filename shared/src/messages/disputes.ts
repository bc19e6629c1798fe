export const disputes = {
  // API answers and screens of order disputes: an accepted order not completed 14 days after payment.
  openInstead:
    'The seller has accepted this order, so it cannot simply be cancelled now. Open a dispute instead: the money stays held until the campus team decides.',
  notDisputable:
    'A dispute can be opened only on an order the seller has accepted (confirmed or processing) and that is not completed 14 days after payment.',
  tooEarly: 'The seller has accepted this order. If it is not completed 14 days after payment, you can open a dispute.',
  alreadyOpened: 'This order already has a dispute.',
  notFound: 'This order has no dispute.',
  unknown: 'No such dispute.',
  notParty: 'Only the buyer and the seller of this order can see or add to its dispute.',
  closed: 'This dispute has been decided; nothing more can be added.',
  orderInDispute: 'This order is in dispute: the campus team decides what happens to it.',
  alreadyDecided: 'This dispute has already been decided.',
  partAmount: (total: string) => `A part refund must be more than ₦0 and less than the order total (₦${total}).`,
  reasonRequired: 'Please say what went wrong with this order.',
  statementRequired: 'Please write your statement.',
  opened: 'Dispute opened. The money stays held until the campus team decides.',
  statementAdded: 'Statement added to the dispute.',
  loadFailed: 'Could not open the dispute. Please try again.',
  statementFailed: 'Could not add your statement. Please try again.',
} as const;
