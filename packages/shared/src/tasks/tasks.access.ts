import { ACCESS, type Access } from '../auth/access.ts';

/** Tasks are for Admin, Frontend and Backend (spec section 6); "all" is Admin's alone. */
export const TASKS_ACCESS: Access = ACCESS.operations;
