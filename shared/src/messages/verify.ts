export const verify = {
  invalidCode: 'Invalid verification code. Please check your email and try again.',
  emailNotFound: 'Email not found. Please check your email address.',
  failed: 'Verification failed. Please check your code and try again.',
  resendFailed: 'Failed to resend code. Please try again.',
  success: 'Email verified successfully! Redirecting to login...',
  resent: 'Verification code has been resent to your email.',
} as const;
