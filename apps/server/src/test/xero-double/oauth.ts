import type { DoubleRoute } from './double-http.ts';

/** Xero's identity service: consent page, token (code and refresh grants), revocation, and `connections`. */
export const oauthRoutes: DoubleRoute[] = [];
