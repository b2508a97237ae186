import type { CurrentUser, User } from '@app/shared';
import type { UserWithRegion } from './users.repository.ts';

export function toUser(row: UserWithRegion): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatar: row.avatar,
    type: row.type === 'admin' ? 'admin' : 'user',
    role: row.role as User['role'],
    permissions: row.permissions,
    region: row.region,
    is_active: row.is_active,
    temporary_password: row.temporary_password,
    last_login_at: row.last_login_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    version: row.version,
  };
}

export function toCurrentUser(row: UserWithRegion, notifyCounter: number): CurrentUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatar: row.avatar,
    notify_counter: notifyCounter,
    temporary_password: row.temporary_password,
    type: row.type === 'admin' ? 'admin' : 'user',
    role: row.role as CurrentUser['role'],
    permissions: row.permissions,
    region: row.region,
  };
}
