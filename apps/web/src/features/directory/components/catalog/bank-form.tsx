import { BANK_TYPES, RATE_CURRENCIES } from '@app/shared';
import { type Bank, type CreateBankBody, CreateBankBodySchema } from '@app/shared/directory/index';
import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid } from '@mantine/core';
import type { Resolver } from 'react-hook-form';
import { PickerField, SelectField, TextAreaField, TextField } from '../../../../ui/form/form-fields.tsx';
import { RecordFormFrame } from '../form/record-form-frame.tsx';
import { useRecordForm } from '../form/use-record-form.ts';
import type { CatalogFormProps } from './catalog-drawer.tsx';

export const BANK_FIELD_LABELS = {
  company: 'Company',
  company_id: 'Company',
  bank_name: 'Bank',
  account_name: 'Account name',
  account_number: 'Account number / IBAN',
  swift: 'SWIFT / BIC',
  currency: 'Currency',
  type: 'Type',
  opening_balance: 'Opening balance',
  notes: 'Notes',
  archived_at: 'Archived',
} satisfies Record<string, string>;

interface BankFormValues {
  company_id: number | null;
  bank_name: string;
  account_name: string;
  account_number: string;
  swift: string;
  currency: string | null;
  type: string | null;
  opening_balance: string;
  notes: string;
}

const bankFormValues = (bank?: Bank): BankFormValues => ({
  company_id: bank?.company.id ?? null,
  bank_name: bank?.bank_name ?? '',
  account_name: bank?.account_name ?? '',
  account_number: bank?.account_number ?? '',
  swift: bank?.swift ?? '',
  currency: bank?.currency ?? null,
  type: bank?.type ?? null,
  opening_balance: bank?.opening_balance ?? '0.00',
  notes: bank?.notes ?? '',
});

const BANK_FORM_FIELDS = Object.keys(bankFormValues());

const resolver = zodResolver(CreateBankBodySchema) as unknown as Resolver<
  BankFormValues,
  unknown,
  CreateBankBody
>;

export function BankForm({ record, submitLabel, onSubmit, onCancel, onReload }: CatalogFormProps<'banks'>) {
  const state = useRecordForm({
    resolver,
    defaultValues: bankFormValues(record),
    fields: BANK_FORM_FIELDS,
    onSubmit,
  });
  const { control } = state;
  const L = BANK_FIELD_LABELS;

  return (
    <RecordFormFrame
      state={state}
      label={record ? `Edit ${record.named}` : 'New bank account'}
      submitLabel={submitLabel}
      onCancel={onCancel}
      onReload={onReload}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <PickerField
          control={control}
          name="company_id"
          label={L.company}
          object="companies"
          displayField="named"
          extraField="name"
          required
          placeholder="Choose a company"
          initialItems={
            record ? [{ id: record.company.id, named: record.company.code, name: record.company.name }] : []
          }
        />
        <TextField control={control} name="bank_name" label={L.bank_name} required />
        <TextField control={control} name="account_name" label={L.account_name} />
        <TextField
          control={control}
          name="account_number"
          label={L.account_number}
          required
          caseMode="upper"
        />
        <TextField control={control} name="swift" label={L.swift} caseMode="upper" />
        <SelectField
          control={control}
          name="currency"
          label={L.currency}
          data={RATE_CURRENCIES}
          placeholder="Choose"
          required
        />
        <SelectField
          control={control}
          name="type"
          label={L.type}
          data={BANK_TYPES}
          placeholder="Income or Outcome"
          required
        />
        <TextField
          control={control}
          name="opening_balance"
          label={L.opening_balance}
          mask={{ kind: 'number', scale: 2 }}
        />
      </SimpleGrid>
      <TextAreaField control={control} name="notes" label={L.notes} />
    </RecordFormFrame>
  );
}

export const bankUpdate = (values: CreateBankBody, record: Bank) => ({ ...values, version: record.version });
