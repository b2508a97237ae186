import { ACCOUNT_TYPES, ALL_SERVICE_TYPES, SERVICE_SUBTYPES } from '@app/shared';
import {
  type CreateServiceBody,
  CreateServiceBodySchema,
  type DirectoryService,
  SUBTYPE_PARENT,
  UpdateServiceBodySchema,
} from '@app/shared/directory/index';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { SelectField } from '../../../../ui/form/form-fields.tsx';
import { RecordFormFrame } from '../form/record-form-frame.tsx';
import { useRecordForm } from '../form/use-record-form.ts';
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
  const state = useRecordForm({
    resolver: record ? editResolver : createResolver,
    defaultValues: {
      service_type: record?.service_type ?? null,
      subtype: record?.subtype ?? null,
      default_account_type: record?.default_account_type ?? null,
    },
    fields: Object.keys(SERVICE_FIELD_LABELS),
    onSubmit,
  });
  const { form, control } = state;
  const type = form.watch('service_type');
  // a subtype belongs to Other only: choosing another type drops it
  useEffect(() => {
    if (type !== SUBTYPE_PARENT && form.getValues('subtype')) form.setValue('subtype', null);
  }, [type, form]);

  return (
    <RecordFormFrame
      state={state}
      label={record ? `Edit ${record.named}` : 'New service'}
      submitLabel={submitLabel}
      onCancel={onCancel}
      onReload={onReload}
    >
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
    </RecordFormFrame>
  );
}

export function serviceUpdate(values: CreateServiceBody, record: DirectoryService) {
  return { default_account_type: values.default_account_type, version: record.version };
}
