export const login = {
  unauthorized: 'Invalid email or password. Please check your credentials.',
  unverified: 'Email not verified. Please check your email for verification instructions.',
  notFound: 'User not found. Please check your email address.',
  serverError: 'Server error. Please try again later.',
  failed: 'Login failed. Please try again.',
  failedShort: 'Login failed',
  suspended: 'This account is suspended. Please contact the campus team.',
} as const;
