import { ACCOUNT_TYPES, ALL_SERVICE_TYPES, SERVICE_SUBTYPES } from '@app/shared';
import {
  type CreateServiceBody,
  CreateServiceBodySchema,
  type DirectoryService,
  SUBTYPE_PARENT,
  UpdateServiceBodySchema,
} from '@app/shared/directory/index';
import { zodResolver } from '@hookform/resolvers/zod';
import { Stack } from '@mantine/core';
import { useEffect } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormActions } from '../form/form-actions.tsx';
import { FormBanner } from '../form/form-banner.tsx';
import { SelectField } from '../form/form-fields.tsx';
import { useServerErrors } from '../form/use-server-errors.ts';
import type { CatalogFormProps } from './catalog-drawer.tsx';

export const SERVICE_FIELD_LABELS = {
  service_type: 'Service type',
  subtype: 'Subtype',
  default_account_type: 'Default account type',
} satisfies Record<string, string>;

interface ServiceFormValues {
  service_type: string | null;
  subtype: string | null;
  default_account_type: string | null;
}

const createResolver = zodResolver(CreateServiceBodySchema) as unknown as Resolver<
  ServiceFormValues,
  unknown,
  CreateServiceBody
>;
// an existing line keeps its type and subtype: only the account type is checked (and sent)
const EditSchema = UpdateServiceBodySchema.omit({ version: true }).extend({
  service_type: z.string().nullable(),
  subtype: z.string().nullable(),
  default_account_type: UpdateServiceBodySchema.shape.default_account_type.unwrap(),
});
const editResolver = zodResolver(EditSchema) as unknown as Resolver<
  ServiceFormValues,
  unknown,
  CreateServiceBody
>;

export function ServiceForm({
  record,
  submitLabel,
  onSubmit,
  onCancel,
  onReload,
}: CatalogFormProps<'services'>) {
  const form = useForm<ServiceFormValues, unknown, CreateServiceBody>({
    resolver: record ? editResolver : createResolver,
    defaultValues: {
      service_type: record?.service_type ?? null,
      subtype: record?.subtype ?? null,
      default_account_type: record?.default_account_type ?? null,
    },
    mode: 'onTouched',
  });
  const { control } = form;
  const server = useServerErrors(form.setError, Object.keys(SERVICE_FIELD_LABELS));
  const type = form.watch('service_type');
  // a subtype belongs to Other only: choosing another type drops it
  useEffect(() => {
    if (type !== SUBTYPE_PARENT && form.getValues('subtype')) form.setValue('subtype', null);
  }, [type, form]);
  const submit = form.handleSubmit(async (values) => {
    server.clear();
    try {
      await onSubmit(values);
    } catch (error) {
      server.handle(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={record ? `Edit ${record.named}` : 'New service'}>
      <Stack gap="md">
        <FormBanner outcome={server.outcome} onReload={onReload} />
        <SelectField
          control={control}
          name="service_type"
          label={SERVICE_FIELD_LABELS.service_type}
          data={ALL_SERVICE_TYPES}
          placeholder="Choose a service type"
          required
          disabled={Boolean(record)}
        />
        {type === SUBTYPE_PARENT ? (
          <SelectField
            control={control}
            name="subtype"
            label={SERVICE_FIELD_LABELS.subtype}
            data={SERVICE_SUBTYPES}
            placeholder="Choose a subtype"
            searchable
            required
            disabled={Boolean(record)}
          />
        ) : null}
        <SelectField
          control={control}
          name="default_account_type"
          label={SERVICE_FIELD_LABELS.default_account_type}
          description="The VAT treatment a new service line of this kind starts with"
          data={ACCOUNT_TYPES}
          placeholder="Choose an account type"
          required
        />
        <FormActions submitLabel={submitLabel} busy={form.formState.isSubmitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

export function serviceUpdate(values: CreateServiceBody, record: DirectoryService) {
  return { default_account_type: values.default_account_type, version: record.version };
}
