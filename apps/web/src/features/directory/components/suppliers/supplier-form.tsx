import { RATE_CURRENCIES, RATINGS } from '@app/shared';
import {
  type CreateSupplierBody,
  CreateSupplierBodySchema,
  SUPPLIER_TYPES,
  type Supplier,
  TAG_MAX_LENGTH,
} from '@app/shared/directory/index';
import { zodResolver } from '@hookform/resolvers/zod';
import { TagsInput } from '@mantine/core';
import { Controller, type Resolver } from 'react-hook-form';
import { PickerField, SelectField, TextAreaField, TextField } from '../../../../ui/form/form-fields.tsx';
import { useSupplierTags } from '../../api/get-supplier-tags.ts';
import { FormSection } from '../form/form-section.tsx';
import { RecordFormFrame } from '../form/record-form-frame.tsx';
import { useRecordForm } from '../form/use-record-form.ts';
import { SUPPLIER_FIELD_LABELS as L } from './supplier-labels.ts';

export interface SupplierFormValues {
  name: string;
  type: string | null;
  tags: string[];
  service_ids: number[];
  country: string;
  city: string;
  address: string;
  contact_name: string;
  email: string;
  phone: string;
  website: string;
  payment_terms_days: string;
  currency: string | null;
  bank_name: string;
  bank_account: string;
  bank_swift: string;
  rating: string | null;
  notes: string;
}

export function supplierFormValues(supplier?: Supplier): SupplierFormValues {
  return {
    name: supplier?.name ?? '',
    type: supplier?.type ?? null,
    tags: supplier?.tags ?? [],
    service_ids: supplier?.services.map((s) => s.id) ?? [],
    country: supplier?.country ?? '',
    city: supplier?.city ?? '',
    address: supplier?.address ?? '',
    contact_name: supplier?.contact_name ?? '',
    email: supplier?.email ?? '',
    phone: supplier?.phone ?? '',
    website: supplier?.website ?? '',
    payment_terms_days:
      supplier?.payment_terms_days === null || !supplier ? '' : String(supplier.payment_terms_days),
    currency: supplier?.currency ?? null,
    bank_name: supplier?.bank_name ?? '',
    bank_account: supplier?.bank_account ?? '',
    bank_swift: supplier?.bank_swift ?? '',
    rating: supplier?.rating ?? null,
    notes: supplier?.notes ?? '',
  };
}

export const SUPPLIER_FORM_FIELDS = Object.keys(supplierFormValues());

const resolver = zodResolver(CreateSupplierBodySchema) as unknown as Resolver<
  SupplierFormValues,
  unknown,
  CreateSupplierBody
>;

export interface SupplierFormProps {
  supplier?: Supplier;
  submitLabel: string;
  onSubmit: (values: CreateSupplierBody) => Promise<unknown>;
  onCancel?: () => void;
  onReload?: () => void;
}

export function SupplierForm({ supplier, submitLabel, onSubmit, onCancel, onReload }: SupplierFormProps) {
  const state = useRecordForm({
    resolver,
    defaultValues: supplierFormValues(supplier),
    fields: SUPPLIER_FORM_FIELDS,
    onSubmit,
  });
  const { control } = state;
  const tags = useSupplierTags();

  return (
    <RecordFormFrame
      state={state}
      label={supplier ? `Edit ${supplier.name}` : 'New supplier'}
      submitLabel={submitLabel}
      onCancel={onCancel}
      onReload={onReload}
    >
      <FormSection legend="Supplier">
        <TextField control={control} name="name" label={L.name} required />
        <SelectField
          control={control}
          name="type"
          label={L.type}
          data={SUPPLIER_TYPES}
          placeholder="Choose a type"
          required
          searchable
        />
        <SelectField
          control={control}
          name="rating"
          label={L.rating}
          data={RATINGS}
          placeholder="Not rated"
        />
        <Controller
          control={control}
          name="tags"
          render={({ field, fieldState }) => (
            <TagsInput
              label={L.tags}
              description="Enter to add a tag"
              name={field.name}
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              data={tags.data ?? []}
              maxLength={TAG_MAX_LENGTH}
              clearable
              error={fieldState.error?.message}
            />
          )}
        />
        <PickerField
          control={control}
          name="service_ids"
          label={L.services}
          multiple
          object="services"
          displayField="named"
          initialItems={supplier?.services ?? []}
          placeholder="Choose services"
        />
      </FormSection>

      <FormSection legend="Contacts">
        <TextField control={control} name="contact_name" label={L.contact_name} />
        <TextField control={control} name="email" label={L.email} type="email" caseMode="lower" />
        <TextField control={control} name="phone" label={L.phone} type="tel" />
        <TextField control={control} name="website" label={L.website} type="url" />
        <TextField control={control} name="country" label={L.country} />
        <TextField control={control} name="city" label={L.city} />
        <TextField control={control} name="address" label={L.address} />
      </FormSection>

      <FormSection legend="Payment">
        <TextField
          control={control}
          name="payment_terms_days"
          label={L.payment_terms_days}
          mask={{ kind: 'number', scale: 0, min: 0, max: 365 }}
          inputMode="numeric"
        />
        <SelectField
          control={control}
          name="currency"
          label={L.currency}
          data={RATE_CURRENCIES}
          placeholder="Not set"
        />
        <TextField control={control} name="bank_name" label={L.bank_name} />
        <TextField control={control} name="bank_account" label={L.bank_account} caseMode="upper" />
        <TextField control={control} name="bank_swift" label={L.bank_swift} caseMode="upper" />
      </FormSection>

      <TextAreaField control={control} name="notes" label={L.notes} />
    </RecordFormFrame>
  );
}
