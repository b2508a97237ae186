import { RATE_CURRENCIES } from '@app/shared';
import { type Company, type CreateCompanyBody, CreateCompanyBodySchema } from '@app/shared/directory/index';
import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid } from '@mantine/core';
import type { Resolver } from 'react-hook-form';
import { SelectField, TextAreaField, TextField } from '../../../../ui/form/form-fields.tsx';
import { RecordFormFrame } from '../form/record-form-frame.tsx';
import { useRecordForm } from '../form/use-record-form.ts';
import type { CatalogFormProps } from './catalog-drawer.tsx';

export const COMPANY_FIELD_LABELS = {
  code: 'Code',
  name: 'Legal name',
  vat_number: 'VAT number',
  registration_number: 'Registration number',
  address: 'Address',
  base_currency: 'Base currency',
  invoice_prefix: 'Invoice prefix',
  archived_at: 'Archived',
} satisfies Record<string, string>;

interface CompanyFormValues {
  code: string;
  name: string;
  vat_number: string;
  registration_number: string;
  address: string;
  base_currency: string | null;
  invoice_prefix: string;
}

const companyFormValues = (company?: Company): CompanyFormValues => ({
  code: company?.code ?? '',
  name: company?.name ?? '',
  vat_number: company?.vat_number ?? '',
  registration_number: company?.registration_number ?? '',
  address: company?.address ?? '',
  base_currency: company?.base_currency ?? null,
  invoice_prefix: company?.invoice_prefix ?? '',
});

const COMPANY_FORM_FIELDS = Object.keys(companyFormValues());

const resolver = zodResolver(CreateCompanyBodySchema) as unknown as Resolver<
  CompanyFormValues,
  unknown,
  CreateCompanyBody
>;

export function CompanyForm({
  record,
  submitLabel,
  onSubmit,
  onCancel,
  onReload,
}: CatalogFormProps<'companies'>) {
  const state = useRecordForm({
    resolver,
    defaultValues: companyFormValues(record),
    fields: COMPANY_FORM_FIELDS,
    onSubmit,
  });
  const { control } = state;
  const L = COMPANY_FIELD_LABELS;

  return (
    <RecordFormFrame
      state={state}
      label={record ? `Edit ${record.code}` : 'New company'}
      submitLabel={submitLabel}
      onCancel={onCancel}
      onReload={onReload}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <TextField
          control={control}
          name="code"
          label={L.code}
          required
          caseMode="upper"
          description="Shown on requests and invoice numbers"
        />
        <TextField control={control} name="name" label={L.name} required />
        <TextField control={control} name="vat_number" label={L.vat_number} caseMode="upper" />
        <TextField control={control} name="registration_number" label={L.registration_number} />
        <SelectField
          control={control}
          name="base_currency"
          label={L.base_currency}
          data={RATE_CURRENCIES}
          placeholder="Choose"
          required
        />
        <TextField control={control} name="invoice_prefix" label={L.invoice_prefix} caseMode="upper" />
      </SimpleGrid>
      <TextAreaField control={control} name="address" label={L.address} />
    </RecordFormFrame>
  );
}

export const companyUpdate = (values: CreateCompanyBody, record: Company) => ({
  ...values,
  version: record.version,
});
