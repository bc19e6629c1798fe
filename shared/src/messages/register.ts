export const register = {
  invalid: 'Invalid registration data. Please check your information.',
  emailExists: 'Email already exists. Please use a different email or try logging in.',
  failed: 'Registration failed',
} as const;
