export const refunds = {
  notFound: 'Refund not found.',
  notYours: 'This refund belongs to another account.',
  noAccountNeeded: 'This refund does not need a bank account.',
  unknownBank: 'Choose your bank from the list.',
  accountNotFound: 'The bank could not find that account number. Please check it.',
  accountGiven: 'Thank you. Your refund is on its way to that account.',
  accountFailed: 'Could not send your bank account. Please try again.',
  needsAccount: (amount: string) => `Your refund of ${amount} needs your bank account`,
} as const;
