/** Roles as stored on a user (spec section 3, "Roles in value lists"). */
export const ROLES = ['Admin', 'Accountant', 'FO', 'BO'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  Admin: 'Admin',
  Accountant: 'Accountant',
  FO: 'Frontend',
  BO: 'Backend',
};

/** Per-user permission strings (spec section 3). */
export const PERMISSIONS = ['ROLE_ALLOW_DELETE_FOLDER', 'CAN_ADD_RATES', 'CAN_EDIT_COMPANIES'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const PERMISSION_LABELS: Record<Permission, string> = {
  ROLE_ALLOW_DELETE_FOLDER: 'May delete folders',
  CAN_ADD_RATES: 'May edit exchange rates',
  CAN_EDIT_COMPANIES: 'May edit companies',
};

/** The displayed role is Admin when type is admin; otherwise the role field (spec section 3). */
export function displayRole(user: { type: string; role: Role }): Role {
  return user.type === 'admin' ? 'Admin' : user.role;
}
