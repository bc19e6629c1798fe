export const seller = {
  notFoundTitle: 'Seller Not Found',
  dashboardFailed: 'Error loading dashboard',
  storeUpdated: 'Store information updated successfully!',
  paymentUpdated: 'Payment information updated successfully!',
  // API answer of seller registration.
  storeReady: 'Your store is ready.',
  // Bank account checks of onboarding and the Payments settings.
  accountNotFound: (accountNumber: string, bankName: string) =>
    `We could not find account ${accountNumber} at ${bankName}. Please check the account number and the bank.`,
  bankNotSupported: (bankName: string) => `Payouts cannot reach ${bankName} yet. Please choose another bank.`,
  accountCheckUnavailable: 'We could not check your bank account right now. Please try again in a moment.',
  currentPasswordRequired: 'Please enter your current password to change where your money goes.',
  /** Store names are compared as they look (Unicode confusables folded), so no store can pass for another. */
  storeNameLookalike: 'A store with this name, or one that looks the same, already exists. Please choose another name.',
} as const;
