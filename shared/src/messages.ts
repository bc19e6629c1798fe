/**
 * Every user-facing text of spec section 8 (and the section 5 validation texts).
 * Screens and the API read them from here so a text lives in exactly one place.
 * Texts that carry a value are functions.
 */
export const MESSAGES = {
  validation: {
    bodyNotObject: 'The request body must be a JSON object with the fields to change.',
    universityEmailLong: (example: string) => `Please use a valid university email address (for example ${example})`,
    universityEmailShort: (example: string) => `Please use your university email (for example ${example})`,
    universityEmailRegister: (example: string) => `Use your university email (for example ${example})`,
    passwordMin: 'Password must be at least 6 characters',
    fullNameMin: 'Full name must be at least 2 characters',
    nameMinInline: 'Name must be at least 2 characters long',
    passwordsDoNotMatch: 'Passwords do not match',
    verificationCodeIncomplete: 'Please enter all 6 digits of the verification code.',
    invalidResetLink: 'Invalid reset link. Please request a new password reset.',
    completionCodeInvalid: 'Please enter a valid 6-digit code',
    sellerInfoNotFound: 'Seller information not found',
    fillAllRequiredFields: 'Please fill in all required fields',
    emailCannotBeChanged: 'Email cannot be changed',
  },
  login: {
    unauthorized: 'Invalid email or password. Please check your credentials.',
    unverified: 'Email not verified. Please check your email for verification instructions.',
    notFound: 'User not found. Please check your email address.',
    serverError: 'Server error. Please try again later.',
    failed: 'Login failed. Please try again.',
    failedShort: 'Login failed',
  },
  connectivity: {
    timeout: 'Backend server is not responding. Please try again later.',
    network: 'Cannot connect to backend server. Please check your internet connection.',
    other: 'Cannot connect to backend. Please check if the server is running.',
  },
  register: {
    invalid: 'Invalid registration data. Please check your information.',
    emailExists: 'Email already exists. Please use a different email or try logging in.',
    failed: 'Registration failed',
  },
  verify: {
    invalidCode: 'Invalid verification code. Please check your email and try again.',
    emailNotFound: 'Email not found. Please check your email address.',
    failed: 'Verification failed. Please check your code and try again.',
    resendFailed: 'Failed to resend code. Please try again.',
    success: 'Email verified successfully! Redirecting to login...',
    resent: 'Verification code has been resent to your email.',
  },
  password: {
    forgotFailed: 'Failed to process forgot password request.',
    resetFailed: 'Failed to reset password.',
    forgotSuccess: 'If this email is registered, you will receive password reset instructions. Please check your inbox.',
    resetSuccess: 'Password reset successfully! Redirecting to login...',
  },
  sellerRegister: {
    invalid: 'Invalid seller data. Please check your information.',
    authRequired: 'Authentication required. Please log in again.',
    alreadySeller: 'You are already registered as a seller.',
  },
  profile: {
    fetchFailed: 'Failed to fetch user profile. Please log in again.',
    loadFailed: 'Failed to load profile data. Please try again.',
    updateFailed: 'Failed to update profile. Please try again.',
  },
  cart: {
    addFailed: 'Failed to add items to cart.',
    clearConfirm: 'Are you sure you want to clear your cart?',
    empty: 'You do not have items in your cart',
    signInToContinue: 'Please sign in to continue',
    quantityMax: (max: number) => `Quantity cannot be more than ${max}`,
    aboveCartMaximum: (name: string, max: number) => `You can have at most ${max} of "${name}" in your cart.`,
    // API answers of the cart endpoints.
    ownProduct: 'You cannot buy your own product.',
    outOfStock: (name: string) => `"${name}" is out of stock.`,
    aboveStock: (name: string, stock: number) => `Only ${stock} of "${name}" ${stock === 1 ? 'is' : 'are'} in stock.`,
    itemNotFound: 'Cart item not found',
    notYourCart: 'This cart belongs to another user.',
    added: 'Items added to cart',
    updated: 'Cart updated',
    removed: 'Item removed from cart',
    cleared: 'Cart cleared',
  },
  wishlist: {
    alreadyIn: 'Product is already in your wishlist',
    notIn: 'Product is not in your wishlist',
    empty: 'Your wishlist is empty',
    // API answers of the wishlist endpoints.
    added: 'Added to your wishlist',
    removed: 'Removed from your wishlist',
  },
  payment: {
    unauthorized: 'Unauthorized',
    failed: 'Failed to initiate payment.',
    noUrl: 'Unable to start payment. Please try again.',
    // API answers of the checkout.
    emptyCart: 'Your cart is empty.',
    cartChanged: 'Your cart changed since you opened it. Please review it and check out again.',
    reserved: (name: string, available: number) =>
      available === 0
        ? `"${name}" is being bought by someone else right now. Please try again in a few minutes.`
        : `Only ${available} of "${name}" ${available === 1 ? 'is' : 'are'} available right now.`,
    tooLarge: 'This checkout is too large for one card payment. Please split your cart.',
    belowMinimum: (minimum: string) => `Card payments start at ${minimum}. Please add to your cart to check out.`,
    reservedCap: (max: number) =>
      `You can hold at most ${max} items in unpaid checkouts at once. Please remove some items from your cart, or pay for your open checkout first.`,
    providerDown: 'The payment service could not be reached. Please try again.',
    started: 'Payment started. Complete it on the payment page.',
    notFound: 'Payment not found.',
    notYours: 'This payment belongs to another account.',
    badSignature: 'Invalid signature',
    notAnEvent: 'Not a Paystack event',
  },
  refunds: {
    notFound: 'Refund not found.',
    notYours: 'This refund belongs to another account.',
    noAccountNeeded: 'This refund does not need a bank account.',
    unknownBank: 'Choose your bank from the list.',
    accountNotFound: 'The bank could not find that account number. Please check it.',
    accountGiven: 'Thank you. Your refund is on its way to that account.',
    accountFailed: 'Could not send your bank account. Please try again.',
    needsAccount: (amount: string) => `Your refund of ${amount} needs your bank account`,
  },
  orders: {
    fetchFailed: 'Failed to fetch orders.',
    sellerLoadFailed: 'Error loading orders',
    empty: 'No orders yet.',
    // API answers of the order endpoints.
    notFound: 'Order not found.',
    notYourStore: 'Only the store owner can see or change these orders.',
    notYours: 'This order belongs to another account.',
    updated: 'Order updated.',
    cancelled: 'Order cancelled. The money is on its way back to the card.',
  },
  // Why a payout has not gone to the bank yet, shown with the pending payout in the seller's dashboard.
  payouts: {
    newAccountWait: (until: string) =>
      `Waiting until ${until}: the store's bank account was changed less than 24 hours ago, and payouts to a new account wait 24 hours.`,
    accountNameChanged: (saved: string, now: string) =>
      `Not sent: the bank now names the account's holder "${now}", not "${saved}" as when the account was saved. Please check your bank details and save them again in your store's Payments settings.`,
  },
  disputes: {
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
  },
  completion: {
    success: 'Order completed successfully!',
    failed: 'Failed to complete order. Please try again.',
    // API answers of POST /orders/complete.
    notSeller: 'Only a seller can complete orders.',
    // A code is checked against the one order the seller picked (the fifth wrong one replaces its code).
    wrongCodeTriesLeft: (left: number) =>
      `That code does not match this order. ${left} more wrong code${left === 1 ? '' : 's'} and the buyer gets a new one.`,
    codeReplaced: 'Too many wrong codes for this order. The buyer has been e-mailed a new code; ask them for it.',
    orderNotOpen: 'This order is no longer open, so it cannot be completed.',
    orderRequired: 'Choose the order you are accepting.',
    storeLockedToday: (hours: number) =>
      `Too many wrong codes today. Accept Order is locked for your store until midnight UTC (about ${hours} hour${hours === 1 ? '' : 's'}).`,
    // Accept Order's list of the store's open orders.
    noOpenOrders: 'No open orders to accept.',
    noOpenOrdersFound: (q: string) => `No open orders found for "${q}"`,
    openOrdersFailed: 'Could not load your open orders. Please try again.',
  },
  ratings: {
    notPurchased: 'You can rate a product once you have received it (a delivered order).',
    alreadyRated: 'You have already rated this purchase.',
    added: 'Thank you for your rating!',
  },
  products: {
    loadFailed: 'Failed to load products. Please try again.',
    searchFailed: 'Search failed. Please try again.',
    sellerListFailed: 'Error loading products',
    notFound: 'Product not found',
    detailFailed: 'Failed to load product details',
    editLoadFailed: 'Failed to load product data',
    updateFailed: 'Failed to update product',
    updated: 'Product updated successfully!',
    deleteConfirm: 'Are you sure you want to delete this product?',
    noneForQuery: (query: string) => `No products found for "${query}"`,
    noneAvailable: 'No products available',
    noReviews: 'No reviews yet. Be the first to review this product!',
    // API answers of the seller product endpoints.
    needPhoto: 'Please add at least one photo.',
    unknownCategory: 'Please choose a category from the list.',
    created: 'Product published',
    deleted: 'Product deleted',
  },
  categories: {
    loadFailedRetry: 'Failed to load categories. Please try again.',
    loadFailed: 'Failed to load categories',
    dataFailed: 'Failed to load category data. Please try again.',
    notFound: (name: string) => `Category '${name}' not found`,
    notFoundTitle: 'Category Not Found',
  },
  seller: {
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
  },
  /** API answers of the multipart upload endpoints (product photos, store picture). */
  uploads: {
    notMultipart: 'Send the form as multipart/form-data',
    unexpectedFileField: (field: string) => `Unexpected file field ${field}`,
    tooLarge: (name: string) => `${name} is larger than 5 MB. Please choose a smaller photo.`,
    notAnImage: (name: string) => `${name} is not an image. Please upload JPG, PNG or WebP photos.`,
    /** A store has one picture; a product up to MAX_PRODUCT_PHOTOS photos. */
    tooManyPhotos: (max: number) => (max === 1 ? 'Please send a single picture.' : `A product can have at most ${max} photos.`),
  },
  messaging: {
    comingSoon: 'Messaging is coming soon!',
    // Shown under a message that carries a phone or bank account number.
    payInApp: 'Pay in the app: your money is held until you collect.',
    // API answers of the messages domain.
    conversationNotFound: 'No such conversation.',
    notParticipant: 'Only the buyer and the store in this conversation can read or write in it.',
    ownStore: 'You cannot message your own store.',
    notYourOrder: 'Only the buyer and the store of this order can message about it.',
    storeNotFound: 'No such store.',
    emptyMessage: 'Write a message or add a photo.',
    blockedByThem: 'You can no longer message this student: they have blocked you.',
    blockedByMe: 'You have blocked this student. Unblock them to send a message.',
    blocked: 'Blocked. They can no longer message you.',
    unblocked: 'Unblocked.',
    notInConversation: 'That message is not in this conversation.',
    reported: 'Thank you. The campus team will look at your report.',
    tooManyMessages: 'You are sending messages too fast. Please wait a moment.',
    tooManyConversations: 'You have started many conversations today. Please try again later.',
  },
  /** API answers of the account endpoints that spec section 8 leaves to the server. */
  account: {
    registered: (email: string) => `Account created. We sent a 6-digit verification code to ${email}.`,
    resendTooSoon: (seconds: number) => `Please wait ${seconds} seconds before requesting another code.`,
    loggedIn: 'Signed in successfully.',
    loggedOut: 'Signed out successfully.',
    profileUpdated: 'Profile updated successfully.',
    passwordChanged: 'Password changed successfully.',
    oldPasswordIncorrect: 'Your current password is incorrect.',
  },
  generic: {
    unauthorized: 'Authentication required. Please log in again.',
    forbidden: 'You do not have permission to do that.',
    notFound: 'Not found.',
    internal: 'Something went wrong on our side. Please try again later.',
    tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
    databaseUnreachable: 'The database is not reachable.',
    /** A text with NUL or another control character (only newline, carriage return and tab are text). */
    controlCharacters: (field: string) => `${field} must not contain control characters`,
    /** A field name that would reach an object's prototype (__proto__, constructor, prototype). */
    reservedField: (field: string) => `Unexpected field ${field}`,
    /** A value the database refused as malformed (out of range, not valid text). */
    unstorableValue: 'A value in the request is not valid.',
  },
} as const;
