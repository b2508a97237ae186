import type { User } from '@app/shared/users/user.schemas';
import { http } from '../../../lib/http/http-client.ts';

/** GET users/{id}/: the latest version of one user (after a 409). */
export async function getUser(id: number): Promise<User> {
  return (await http.get<{ data: User }>(`users/${id}/`)).data;
}
