import type { LoginBody, LoginUser } from '@app/shared/users/user.schemas';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';

/** POST auth/token/login/: the user record carrying its token. 400 and 429 are shown in the form. */
export async function login(body: LoginBody): Promise<LoginUser> {
  const answer = await http.post<{ data: LoginUser }>('auth/token/login/', body, {
    quiet: [400, 429],
    skipAuthRedirect: true,
  });
  return answer.data;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
