import { Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useNavigationHelper } from '../../../lib/navigation/use-navigation-helper.ts';
import { useSignedInUser } from '../../../lib/session/current-user.ts';
import { RecordHeader } from '../../../ui/record-header/record-header.tsx';
import { toast } from '../../../ui/toasts/toast-store.ts';
import { useCreateRecord } from '../api/create-record.ts';
import { ClientForm } from '../components/clients/client-form.tsx';
import { CLIENTS_PATH } from './paths.ts';

export function ClientNewPage() {
  const create = useCreateRecord('clients');
  const navigate = useNavigate();
  const helper = useNavigationHelper();
  const user = useSignedInUser();
  // an FO usually adds their own clients, in their own office
  const preset =
    user.role === 'FO' ? { fo_manager: { id: user.id, name: user.name }, office: user.region } : undefined;
  return (
    <Stack gap="md">
      <RecordHeader listPath={CLIENTS_PATH} listLabel="Clients" title="New client" />
      <ClientForm
        preset={preset}
        submitLabel="Create client"
        onCancel={() => helper.backToList(CLIENTS_PATH)}
        onSubmit={async (values) => {
          const client = await create.mutateAsync(values);
          toast.success(`${client.named} was added.`, 'Client created');
          await navigate(`${CLIENTS_PATH}/${client.id}`, { replace: true });
        }}
      />
    </Stack>
  );
}

export default ClientNewPage;
