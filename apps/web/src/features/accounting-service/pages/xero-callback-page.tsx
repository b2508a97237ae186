import { ACCOUNTING_SERVICE_NAME } from '@app/shared/xero/xero.messages';
import type { XeroStatus } from '@app/shared/xero/xero.schemas';
import { Alert, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorDetail } from '../../../lib/http/http-error.ts';
import { xeroKeys } from '../../../lib/xero/xero-keys.ts';
import { takeXeroReturnPath } from '../../../lib/xero/xero-return-path.ts';
import { toast } from '../../../ui/toasts/toast-store.ts';
import { finishXeroAuth, type XeroCallbackParams } from '../api/xero-connection.ts';

/** Where the person goes back to when the page they left is not known. */
export const XERO_RETURN_DEFAULT = '/accounting';

function readParams(search: URLSearchParams): XeroCallbackParams | null {
  const state = search.get('state');
  if (!state) return null;
  return { state, code: search.get('code'), error: search.get('error') };
}

/**
 * Where Xero sends the browser back (XERO_CALLBACK_PATH): the code (or Xero's `error`) goes to the
 * server, which finishes the connection; then back to the page the person connected from, the
 * header's button green. A refusal is shown with the server's words and a way back.
 */
export function XeroCallbackPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  // read once: the code is good for one exchange, and the return path is forgotten as it is read
  const [params] = useState(() => readParams(search));
  const [back] = useState(() => takeXeroReturnPath(XERO_RETURN_DEFAULT));

  const finish = useQuery({
    queryKey: ['xero', 'callback', params],
    queryFn: () => finishXeroAuth(params as XeroCallbackParams),
    enabled: params !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  const connected: XeroStatus | undefined = finish.data;

  useEffect(() => {
    if (!connected) return;
    client.setQueryData(xeroKeys.status, connected);
    void client.invalidateQueries({ queryKey: xeroKeys.status });
    toast.success(
      `Connected to ${ACCOUNTING_SERVICE_NAME}: ${connected.connection?.tenant_name ?? 'your organisation'}`,
    );
    void navigate(back, { replace: true });
  }, [connected, client, navigate, back]);

  const problem = !params
    ? `${ACCOUNTING_SERVICE_NAME} sent the browser back without saying how the connection went. Try connecting again from the menu.`
    : finish.isError
      ? (errorDetail(finish.error) ?? `The connection to ${ACCOUNTING_SERVICE_NAME} could not be finished.`)
      : null;

  return (
    <Center py="xl">
      <Paper withBorder p="xl" maw={480} w="100%" radius="md">
        {problem ? (
          <Stack gap="md">
            <Title order={2} size="h4">
              Not connected to {ACCOUNTING_SERVICE_NAME}
            </Title>
            <Alert color="red" role="alert" title="The connection was not made">
              {problem}
            </Alert>
            <Button onClick={() => void navigate(back, { replace: true })} data-autofocus>
              Back to where you were
            </Button>
          </Stack>
        ) : (
          <Stack gap="md" align="center" role="status">
            <Loader />
            <Text>Finishing the connection to {ACCOUNTING_SERVICE_NAME}…</Text>
          </Stack>
        )}
      </Paper>
    </Center>
  );
}

export default XeroCallbackPage;
