export const ratings = {
  notPurchased: 'You can rate a product once you have received it (a delivered order).',
  alreadyRated: 'You have already rated this purchase.',
  added: 'Thank you for your rating!',
} as const;
