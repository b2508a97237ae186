import type { CurrentUser } from '@app/shared/users/user.schemas';

/** A signed-in FO user for tests; `patch` changes what a test is about. */
export function makeUser(patch: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 7,
    name: 'Frida Olsen',
    email: 'fo@example.com',
    avatar: null,
    notify_counter: 0,
    temporary_password: false,
    type: 'user',
    role: 'FO',
    permissions: [],
    region: null,
    ...patch,
  };
}
