export const validation = {
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
  /** A name (of a person, a store, a product) with a text-direction control or a zero-width character: it could pass for another. */
  invisibleCharacters: 'Names cannot contain invisible or text-direction characters. Please type the name again without them.',
} as const;
