import type { XeroStatus } from '@app/shared/xero/xero.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { xeroKeys } from '../../../lib/xero/xero-keys.ts';

/** GET xero/auth/: the consent URL the browser opens (spec 4: "authorizing calls for a URL"). */
export async function getXeroAuthUrl(): Promise<string> {
  return (await http.get<{ data: { url: string } }>('xero/auth/')).data.url;
}

export interface XeroCallbackParams {
  code: string | null;
  state: string;
  error: string | null;
}

/**
 * GET xero/code/: hands what Xero put on the redirect to the server, which exchanges the code for
 * the tokens. A refusal (400: declined, expired, another tab's state) is the page's to show.
 */
export async function finishXeroAuth(params: XeroCallbackParams): Promise<XeroStatus> {
  return (
    await http.get<{ data: XeroStatus }>('xero/code/', {
      query: { code: params.code, state: params.state, error: params.error },
      quiet: [400, 404, 409],
    })
  ).data;
}

/** POST xero/disconnect/: forgets the tokens (and revokes them at Xero); answers the new status. */
export async function disconnectXero(): Promise<XeroStatus> {
  return (await http.post<{ data: XeroStatus }>('xero/disconnect/', undefined, { quiet: [400, 409] })).data;
}

export function useDisconnectXero() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: disconnectXero,
    onSuccess: (status) => client.setQueryData(xeroKeys.status, status),
  });
}
