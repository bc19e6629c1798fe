/** API answers of the account endpoints that spec section 8 leaves to the server. */
export const account = {
  registered: (email: string) => `Account created. We sent a 6-digit verification code to ${email}.`,
  resendTooSoon: (seconds: number) => `Please wait ${seconds} seconds before requesting another code.`,
  loggedIn: 'Signed in successfully.',
  loggedOut: 'Signed out successfully.',
  profileUpdated: 'Profile updated successfully.',
  passwordChanged: 'Password changed successfully.',
  oldPasswordIncorrect: 'Your current password is incorrect.',
} as const;
