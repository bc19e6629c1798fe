// Why a payout has not gone to the bank yet, shown with the pending payout in the seller's dashboard.
export const payouts = {
  newAccountWait: (until: string) =>
    `Waiting until ${until}: the store's bank account was changed less than 24 hours ago, and payouts to a new account wait 24 hours.`,
  accountNameChanged: (saved: string, now: string) =>
    `Not sent: the bank now names the account's holder "${now}", not "${saved}" as when the account was saved. Please check your bank details and save them again in your store's Payments settings.`,
} as const;
