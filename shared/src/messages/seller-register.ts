export const sellerRegister = {
  invalid: 'Invalid seller data. Please check your information.',
  authRequired: 'Authentication required. Please log in again.',
  alreadySeller: 'You are already registered as a seller.',
} as const;
