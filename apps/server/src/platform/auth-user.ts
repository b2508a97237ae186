import type { Role } from '@app/shared';

/** The signed-in user as every service sees it. */
export interface AuthUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  type: 'admin' | 'user';
  permissions: string[];
  region_id: number | null;
  temporary_password: boolean;
}

export interface Ctx {
  user: AuthUser;
}
