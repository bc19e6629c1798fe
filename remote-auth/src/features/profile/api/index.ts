/** One endpoint per file; screens import them from here. */
export { changePassword } from './change-password';
export { getMe, useMe } from './get-me';
export { getMessageSettings, useMessageSettings } from './get-message-settings';
export { updateMessageSettings, useUpdateMessageSettings } from './update-message-settings';
export { updateProfile } from './update-profile';
