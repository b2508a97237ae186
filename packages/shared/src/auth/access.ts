import type { Permission, Role } from './roles.ts';

/**
 * Who may use a route. The server enforces it on every API route; the web uses the same
 * values to decide what to offer. `permission` lets a holder of that permission in even when
 * the role is not listed (Admin always passes).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'roles'; roles: readonly Role[]; permission?: Permission };

export const PUBLIC: Access = { kind: 'public' };
export const AUTHENTICATED: Access = { kind: 'authenticated' };
export const rolesOnly = (roles: readonly Role[], permission?: Permission): Access =>
  permission ? { kind: 'roles', roles, permission } : { kind: 'roles', roles };

/** Capabilities of spec section 6, named once. */
export const ACCESS = {
  managers: rolesOnly(['Admin']),
  users: rolesOnly(['Admin']),
  accounting: rolesOnly(['Admin', 'Accountant']),
  financeReports: rolesOnly(['Admin', 'Accountant']),
  accountingRequest: rolesOnly(['Admin', 'Accountant']),
  operations: rolesOnly(['Admin', 'FO', 'BO']),
} as const satisfies Record<string, Access>;

export interface AccessSubject {
  role: Role;
  type: string;
  permissions: readonly string[];
}

export function isAdmin(user: AccessSubject): boolean {
  return user.type === 'admin' || user.role === 'Admin';
}

export function hasPermission(user: AccessSubject, permission: Permission): boolean {
  return isAdmin(user) || user.permissions.includes(permission);
}

/** Whether a signed-in user passes an access rule. Public and authenticated rules always pass. */
export function canAccess(user: AccessSubject, access: Access): boolean {
  switch (access.kind) {
    case 'public':
    case 'authenticated':
      return true;
    case 'roles':
      if (isAdmin(user)) return true;
      if (access.roles.includes(user.role)) return true;
      return access.permission !== undefined && user.permissions.includes(access.permission);
    default: {
      const unreachable: never = access;
      return unreachable;
    }
  }
}
