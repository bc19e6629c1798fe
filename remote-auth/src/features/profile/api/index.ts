/** One endpoint per file; screens import them from here. */
export { changePassword } from './change-password';
export { getMe, useMe } from './get-me';
export { updateProfile } from './update-profile';
