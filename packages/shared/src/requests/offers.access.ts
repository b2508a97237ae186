import { ACCESS, type Access, AUTHENTICATED } from '../auth/access.ts';

/** Everyone signed in sees a request's hotel offers. */
export const HOTEL_OFFERS_READ_ACCESS: Access = AUTHENTICATED;
/** Operations (FO, BO, Admin) collect, edit, send and choose them (DOMAIN.md "Hotel offers"). */
export const HOTEL_OFFERS_WRITE_ACCESS: Access = ACCESS.operations;
