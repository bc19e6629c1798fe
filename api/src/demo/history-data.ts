/**
 * The demo history's fixed tables: how long the term is, the extra students
 * who buy, the hostels they pick up at and the reviews they leave.
 */

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** How far back the history goes: 11 weeks, a term. */
export const DEMO_HISTORY_DAYS = 77;

/** Extra students who buy from the demo stores (besides the demo buyer and the store owners). */
export const DEMO_STUDENTS = [
  { local: 'ngozi.eze', firstName: 'Ngozi', lastName: 'Eze' },
  { local: 'ibrahim.musa', firstName: 'Ibrahim', lastName: 'Musa' },
  { local: 'kemi.alade', firstName: 'Kemi', lastName: 'Alade' },
  { local: 'segun.bakare', firstName: 'Segun', lastName: 'Bakare' },
];

export const HOSTELS = [
  { hostelName: 'Moremi Hall', blockNumber: 'B', roomNo: '214' },
  { hostelName: 'Kings Hall', blockNumber: 'C', roomNo: '108' },
  { hostelName: 'Queens Hall', blockNumber: 'A', roomNo: '12' },
  { hostelName: 'Jaja Hall', blockNumber: 'D', roomNo: '305' },
  { hostelName: 'Mellanby Hall', blockNumber: 'E', roomNo: '41' },
];

export const REVIEWS: Array<{ rating: number; review: string }> = [
  { rating: 5, review: 'Exactly as described, quick pickup.' },
  { rating: 5, review: 'Seller was patient and showed me everything.' },
  { rating: 4, review: 'Good value, packaging could be better.' },
  { rating: 4, review: 'Works well. Pickup took a day longer than said.' },
  { rating: 5, review: 'Would buy from this store again.' },
  { rating: 3, review: 'Fine, but not as new as the photos.' },
];
