import type { CurrentUser } from '@app/shared/users/user.schemas';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { RequestOptions } from '../http/http-client.ts';
import { http } from '../http/http-client.ts';

/** The signed-in user is kept in memory, in the query cache under this key (spec 4, Session). */
export const currentUserKey = ['users', 'me'] as const;

export async function fetchCurrentUser(options?: RequestOptions): Promise<CurrentUser> {
  const answer = await http.get<{ data: CurrentUser }>('users/me/', options);
  return answer.data;
}

export function setCurrentUser(client: QueryClient, user: CurrentUser): void {
  client.setQueryData(currentUserKey, user);
}

/** Reads the user stored by the session check or login; never fetches on its own. */
export function useCurrentUser(): CurrentUser | undefined {
  return useQuery({
    queryKey: currentUserKey,
    queryFn: () => fetchCurrentUser(),
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  }).data;
}

/** Inside the authenticated shell the guard has stored the user, so it is always there. */
export function useSignedInUser(): CurrentUser {
  const user = useCurrentUser();
  if (!user) throw new Error('useSignedInUser used outside the authenticated shell');
  return user;
}
