/**
 * The API caller and the accounts endpoints, loaded on the first request, not with the sign-in
 * screens: the caller brings axios and the endpoint contract, which a student reading the form
 * does not need, and which made the remote's start-up one long task on a slow phone.
 */
export async function accountsCaller() {
  try {
    const [{ call }, { accounts }] = await Promise.all([import('@campus/shared/call'), import('@campus/shared/endpoints')]);
    return { call, accounts };
  } catch (cause) {
    // A caller that cannot be downloaded (the phone went offline, a release replaced the chunk) is a
    // connection failure to the student: thrown as one (readApiError's 'network'), the form says so.
    throw Object.assign(new Error('The API caller could not be loaded', { cause }), { isAxiosError: true, code: 'ERR_NETWORK' });
  }
}
