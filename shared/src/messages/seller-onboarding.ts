/** Become a seller: the wizard's own texts beyond spec section 8's (seller-register.ts), and the welcome after it. */
export const sellerOnboarding = {
  checkingStore: 'Checking whether you already have a store...',
  checkingAccount: 'Checking account...',
  toDashboard: 'Go to your seller dashboard',
  /** The bank's name for the payout account differs from the one typed: the store keeps the bank's. */
  bankNameTitle: 'Your bank gives a different name for this account',
  bankName: (bankName: string, typed: string) =>
    `Your store and its payouts will use ${bankName}, the name your bank has for this account, not ${typed}.`,
  welcomeTitle: (storeName: string) => `Welcome, ${storeName} is open`,
  welcomeLead: 'Three things to do first:',
  firstProduct: 'Add your first product',
  firstProductHint: 'Photos, a price and how many you have.',
  payoutAccount: 'Check your payout account',
  payoutAccountHint: (account: string) => `Your money is paid to ${account}. You can change it in Settings, Payments.`,
  shareLink: 'Share your store link',
  shareLinkHint: 'Send it to your hall and class groups so buyers find your store.',
  copyLink: 'Copy store link',
  linkCopied: 'Link copied',
} as const;
