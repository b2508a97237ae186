import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';

/**
 * POST auth/password-reset/: 204 alike for known and unknown addresses, so nobody learns which
 * exist; 429 after too many requests, shown in the form.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  await http.post('auth/password-reset/', { email }, { quiet: [429], skipAuthRedirect: true });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
