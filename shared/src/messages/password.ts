export const password = {
  forgotFailed: 'Failed to process forgot password request.',
  resetFailed: 'Failed to reset password.',
  forgotSuccess: 'If this email is registered, you will receive password reset instructions. Please check your inbox.',
  resetSuccess: 'Password reset successfully! Redirecting to login...',
} as const;
