import { type Access, rolesOnly } from '../auth/access.ts';

/** Writing exchange rates: holders of CAN_ADD_RATES, and Admin (spec section 3). */
export const RATES_WRITE_ACCESS: Access = rolesOnly(['Admin'], 'CAN_ADD_RATES');

/** Creating, editing and deleting regions (offices) is an Admin task. */
export const REGIONS_WRITE_ACCESS: Access = rolesOnly(['Admin']);
