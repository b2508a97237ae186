/** Spec 9: the token lives in local storage under this key. */
export const ACCESS_TOKEN_KEY = 'accessToken';

export function getAccessToken(): string | null {
  try {
    return localStorage.getItem(ACCESS_TOKEN_KEY);
  } catch {
    // storage can be disabled (privacy mode); then nobody is signed in
    return null;
  }
}

export function setAccessToken(token: string): void {
  localStorage.setItem(ACCESS_TOKEN_KEY, token);
}

export function clearAccessToken(): void {
  try {
    localStorage.removeItem(ACCESS_TOKEN_KEY);
  } catch {
    // nothing stored, nothing to clear
  }
}

/** Signed in means an access token exists in local storage (spec 4, Session). */
export function hasAccessToken(): boolean {
  return Boolean(getAccessToken());
}
