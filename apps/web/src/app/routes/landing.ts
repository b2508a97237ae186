import { displayRole, type Role } from '@app/shared/auth/roles';

export const ACCOUNTANT_LANDING = '/accounting/accounting-workspace';
export const DEFAULT_LANDING = '/requests';

/** Spec 2.1: the empty path sends Accountants to the accounting workspace, everyone else to requests. */
export function landingPath(user: { type: string; role: Role }): string {
  return displayRole(user) === 'Accountant' ? ACCOUNTANT_LANDING : DEFAULT_LANDING;
}
