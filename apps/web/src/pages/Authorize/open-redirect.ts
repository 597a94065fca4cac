/**
 * Leaves the web app for the client's redirect URI. The server built the URL from a redirect URI it
 * checked against the client's registration, so it may point anywhere the client registered.
 */
export function openRedirect(url: string): void {
  window.location.assign(url);
}
