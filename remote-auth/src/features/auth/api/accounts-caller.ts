/**
 * The API caller and the accounts endpoints, loaded on the first request, not with the sign-in
 * screens: the caller brings axios and the endpoint contract, which a student reading the form
 * does not need, and which made the remote's start-up one long task on a slow phone.
 */
export async function accountsCaller() {
  // A download that fails (offline) rejects with webpack's ChunkLoadError, which readApiError reads as a network error.
  const [{ call }, { accounts }] = await Promise.all([import('@campus/shared/call'), import('@campus/shared/endpoints')]);
  return { call, accounts };
}
