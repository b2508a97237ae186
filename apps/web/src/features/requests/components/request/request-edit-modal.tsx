import { optionalRefId } from '@app/shared/directory/common.schemas';
import type { RequestRecord } from '@app/shared/requests/requests.schemas';
import { idField, optionalString } from '@app/shared/validation/fields.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { setFormError, showServerFieldErrors } from '../../../../lib/forms/server-field-errors.ts';
import { isHttpError } from '../../../../lib/http/http-error.ts';
import { PickerField, TextAreaField } from '../../../../ui/form/form-fields.tsx';
import { toast } from '../../../../ui/toasts/toast-store.ts';
import { useUpdateRequest } from '../../api/update-request.ts';
import { ManagerField } from '../managers/manager-field.tsx';
import { StaleAlert } from './stale-alert.tsx';

const HeaderSchema = z.object({
  client_id: idField(),
  fo_manager_id: optionalRefId(),
  bo_manager_id: optionalRefId(),
  region_id: idField(),
  description: optionalString(2000, { multiline: true }),
});
type HeaderInput = {
  client_id: number | null;
  fo_manager_id: number | null;
  bo_manager_id: number | null;
  region_id: number | null;
  description: string;
};
type HeaderOutput = z.output<typeof HeaderSchema>;
const FIELDS = ['client_id', 'fo_manager_id', 'bo_manager_id', 'region_id', 'description'] as const;

export const STALE_REQUEST_MESSAGE =
  'This request was changed by someone else while you were editing it. Reload it to see the latest version, then make your changes again.';

/** Client, managers, office and description of a request, saved with the version it was loaded at. */
export function RequestEditModal({
  request,
  opened,
  onClose,
  onReload,
}: {
  request: RequestRecord;
  opened: boolean;
  onClose: () => void;
  onReload: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <Modal opened={opened} onClose={onClose} title={`Edit ${request.number}`} size="lg" fullScreen={phone}>
      {opened ? (
        <HeaderForm key={request.version} request={request} onClose={onClose} onReload={onReload} />
      ) : null}
    </Modal>
  );
}

function HeaderForm({
  request,
  onClose,
  onReload,
}: {
  request: RequestRecord;
  onClose: () => void;
  onReload: () => void;
}) {
  const update = useUpdateRequest(request.id);
  const [stale, setStale] = useState(false);
  const { control, handleSubmit, setError, formState } = useForm<HeaderInput, unknown, HeaderOutput>({
    defaultValues: {
      client_id: request.client.id,
      fo_manager_id: request.fo_manager?.id ?? null,
      bo_manager_id: request.bo_manager?.id ?? null,
      region_id: request.office.id,
      description: request.description ?? '',
    },
    resolver: zodResolver(HeaderSchema) as never,
  });
  const submit = handleSubmit(async (values) => {
    setStale(false);
    try {
      await update.mutateAsync({ ...values, version: request.version });
      toast.success('Changes saved.');
      onClose();
    } catch (error) {
      if (isHttpError(error) && error.status === 409) setStale(true);
      else showServerFieldErrors(error, FIELDS, setFormError(setError));
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Request header">
      <Stack gap="md">
        {stale ? (
          <StaleAlert
            message={STALE_REQUEST_MESSAGE}
            onReload={() => {
              onReload();
              onClose();
            }}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <PickerField
            control={control}
            name="client_id"
            label="Client"
            object="clients"
            displayField="named"
            initialItems={[{ id: request.client.id, named: request.client.name }]}
            required
          />
          <PickerField
            control={control}
            name="region_id"
            label="Office"
            object="region"
            displayField="title"
            extraField="ccy"
            initialItems={[request.office]}
            required
          />
          <ManagerField
            control={control}
            name="fo_manager_id"
            managerRole="FO"
            known={request.fo_manager && { id: request.fo_manager.id, named: request.fo_manager.name }}
          />
          <ManagerField
            control={control}
            name="bo_manager_id"
            managerRole="BO"
            known={request.bo_manager && { id: request.bo_manager.id, named: request.bo_manager.name }}
          />
        </SimpleGrid>
        <TextAreaField control={control} name="description" label="Description" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
