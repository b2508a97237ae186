import { canAccess } from '@app/shared/auth/access';
import { requestWriteAccess } from '@app/shared/requests/requests.access';
import type { RequestKind } from '@app/shared/requests/requests.status';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSignedInUser } from '../../../lib/session/current-user.ts';
import { toast } from '../../../ui/toasts/toast-store.ts';
import { useCreateRequest } from '../api/create-request.ts';
import { useRequestCompanies } from '../api/list-companies.ts';
import { RequestForm } from '../components/create/request-form.tsx';
import { initialRequestValues } from '../components/create/request-form-values.ts';

const TITLES: Record<RequestKind, string> = {
  service: 'New request',
  accounting: 'New accounting request',
};

const INTROS: Record<RequestKind, string> = {
  service:
    'A client’s request with its first service lines. More lines, offers and deadlines go on its page.',
  accounting:
    'Charges with no operational work: membership fees, visa service, corrections. Its lines are of the Accounting type.',
};

/** Why this person cannot open this kind of request, and where to go instead. */
function NotForYourRole({ kind, offerAccounting }: { kind: RequestKind; offerAccounting: boolean }) {
  return (
    <Paper withBorder radius="md" p="xl" maw={640}>
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4">
          {kind === 'service'
            ? 'Service requests are opened by front and back office'
            : 'Accounting requests are for accounting'}
        </Title>
        <Text>
          {kind === 'service'
            ? 'A request for hotels, transport, flights and other services is created by FO, BO or an Admin. Your role can read every request but not open one of these.'
            : 'Only an Accountant or an Admin opens an accounting request.'}
        </Text>
        {offerAccounting ? (
          <Text>
            To charge a client a membership fee, a visa service or a correction, open an accounting request.
          </Text>
        ) : null}
        <Group gap="sm">
          {offerAccounting ? (
            <Button component={Link} to="/requests/create-accounting">
              New accounting request
            </Button>
          ) : null}
          <Button component={Link} to="/requests" variant="default">
            Back to the requests
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function CreateRequest({ kind }: { kind: RequestKind }) {
  const user = useSignedInUser();
  const navigate = useNavigate();
  const create = useCreateRequest();
  const companies = useRequestCompanies();
  // the server's rule for this kind of request (requests.access.ts)
  const allowed = canAccess(user, requestWriteAccess(kind));
  const initial = useMemo(() => initialRequestValues(kind, { user }), [kind, user]);
  const ownManager =
    kind === 'service' && (user.role === 'FO' || user.role === 'BO')
      ? { id: user.id, named: user.name }
      : null;

  return (
    <Stack gap="md" maw={1280}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {TITLES[kind]}
        </Title>
        {allowed ? (
          <Text c="dimmed" size="sm">
            {INTROS[kind]}
          </Text>
        ) : null}
      </Stack>
      {!allowed ? (
        <NotForYourRole kind={kind} offerAccounting={canAccess(user, requestWriteAccess('accounting'))} />
      ) : companies.isPending ? (
        <Group gap="sm">
          <Loader size="sm" />
          <Text c="dimmed">Loading the companies…</Text>
        </Group>
      ) : companies.isError || companies.data.length === 0 ? (
        <Alert color="red" title="No request company" role="alert">
          {companies.isError
            ? 'The companies could not be loaded. Reload the page to try again.'
            : 'The directory holds none of the request companies (BSLF, TPRO, AIRS). An Admin adds them under Directory > Companies.'}
        </Alert>
      ) : (
        <RequestForm
          kind={kind}
          initial={initial}
          companies={companies.data}
          known={{ manager: ownManager, office: user.region }}
          onCancel={() => void navigate('/requests')}
          onSubmit={async (body) => {
            const record = await create.mutateAsync(body);
            toast.success(`${record.number} was created.`);
            await navigate(`/requests/${record.id}`);
          }}
        />
      )}
    </Stack>
  );
}

/** /requests/create: FO, BO and Admin open a request; an Accountant is told where to go instead. */
export function RequestCreatePage() {
  return <CreateRequest kind="service" />;
}

/** /requests/create-accounting: Admin and Accountant open a request of Accounting lines. */
export function AccountingRequestCreatePage() {
  return <CreateRequest kind="accounting" />;
}

export default RequestCreatePage;
