/** Sends the browser to the payment page (top level: the provider's page cannot run inside ours). Tests replace it. */
export function leavePage(url: string): void {
  window.location.assign(url);
}
