export const profile = {
  fetchFailed: 'Failed to fetch user profile. Please log in again.',
  loadFailed: 'Failed to load profile data. Please try again.',
  updateFailed: 'Failed to update profile. Please try again.',
} as const;
