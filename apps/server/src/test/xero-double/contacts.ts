import type { DoubleRoute } from './double-http.ts';

/** The Accounting API's Contacts: list (paging, `If-Modified-Since`), get, create, update by ContactID. */
export const contactRoutes: DoubleRoute[] = [];
