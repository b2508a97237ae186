/** Leaves the app for Xero's consent page (its own module so a test can stand in for the browser). */
export function openXeroConsent(url: string): void {
  window.location.assign(url);
}
