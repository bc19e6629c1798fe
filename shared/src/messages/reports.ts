export const reports = {
  // A student's report of a listing, a store or a conversation.
  received: 'Report received. The campus team will look at it.',
  tooMany: 'You have sent many reports today. Please try again tomorrow.',
  detailsRequired: 'Please say what is wrong.',
  unknownListing: 'No such listing.',
  unknownStore: 'No such store.',
  ownListing: 'You cannot report your own store or listing.',
} as const;
