/** One endpoint per file; screens import them from here. */
export { forgotPassword } from './forgot-password';
export { login } from './login';
export { register } from './register';
export { resendVerification } from './resend-verification';
export { resetPassword } from './reset-password';
export { verifyEmail } from './verify-email';
