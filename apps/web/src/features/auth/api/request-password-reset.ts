import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';

/** POST auth/password-reset/: always 204, so nobody learns which addresses exist. */
export async function requestPasswordReset(email: string): Promise<void> {
  await http.post('auth/password-reset/', { email }, { skipAuthRedirect: true });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
