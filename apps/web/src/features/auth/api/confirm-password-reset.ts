import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';

/** POST auth/password-reset/confirm/ with the token of the emailed link. A bad token (400) shows in the form. */
export async function confirmPasswordReset(body: { token: string; password: string }): Promise<void> {
  await http.post('auth/password-reset/confirm/', body, { quiet: [400], skipAuthRedirect: true });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
