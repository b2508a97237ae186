import { GENDERS, LANGUAGES, MEMBERSHIPS, RATINGS } from '@app/shared';
import { type Client, type CreateClientBody, CreateClientBodySchema } from '@app/shared/directory/index';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import {
  DateField,
  PickerField,
  SelectField,
  TextAreaField,
  TextField,
} from '../../../../ui/form/form-fields.tsx';
import { FormSection } from '../form/form-section.tsx';
import { RecordFormFrame } from '../form/record-form-frame.tsx';
import { useRecordForm } from '../form/use-record-form.ts';
import { CLIENT_FIELD_LABELS as L } from './client-labels.ts';

/** What the inputs hold: text as strings ('' for none), choices as their value or null. */
export interface ClientFormValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  phone_alt: string;
  gender: string | null;
  language: string | null;
  birthday: string;
  nationality: string;
  passport_number: string;
  passport_expiry: string;
  address: string;
  city: string;
  country: string;
  membership: string | null;
  membership_start: string;
  membership_end: string;
  rating: string;
  fo_manager_id: number | null;
  office_id: number | null;
  /** Digits as typed ('' for the default terms). */
  payment_terms_days: string;
  notes: string;
}

/** What a new client starts with besides blanks: the FO who creates it and their office. */
export interface ClientPreset {
  fo_manager?: { id: number; name: string } | null;
  office?: { id: number; title: string; ccy: string } | null;
}

export function clientFormValues(client?: Client | ClientPreset): ClientFormValues {
  const c = client && 'id' in client ? client : undefined;
  const preset = client && !('id' in client) ? client : undefined;
  return {
    ...recordValues(c),
    fo_manager_id: c?.fo_manager?.id ?? preset?.fo_manager?.id ?? null,
    office_id: c?.office?.id ?? preset?.office?.id ?? null,
  };
}

function recordValues(client?: Client): ClientFormValues {
  return {
    first_name: client?.first_name ?? '',
    last_name: client?.last_name ?? '',
    email: client?.email ?? '',
    phone: client?.phone ?? '',
    phone_alt: client?.phone_alt ?? '',
    gender: client?.gender ?? null,
    language: client?.language ?? null,
    birthday: client?.birthday ?? '',
    nationality: client?.nationality ?? '',
    passport_number: client?.passport_number ?? '',
    passport_expiry: client?.passport_expiry ?? '',
    address: client?.address ?? '',
    city: client?.city ?? '',
    country: client?.country ?? '',
    membership: client?.membership ?? null,
    membership_start: client?.membership_start ?? '',
    membership_end: client?.membership_end ?? '',
    rating: client?.rating ?? 'Basic',
    fo_manager_id: client?.fo_manager?.id ?? null,
    office_id: client?.office?.id ?? null,
    payment_terms_days:
      client?.payment_terms_days === null || client?.payment_terms_days === undefined
        ? ''
        : String(client.payment_terms_days),
    notes: client?.notes ?? '',
  };
}

export interface ClientFormProps {
  client?: Client;
  /** For a new client: the manager and office to start with. */
  preset?: ClientPreset;
  submitLabel: string;
  /** Saves; a rejection with the server's answer is shown on the form. */
  onSubmit: (values: CreateClientBody) => Promise<unknown>;
  onCancel?: () => void;
  /** Offered when the save was refused because someone else changed the record. */
  onReload?: () => void;
}

export const CLIENT_FORM_FIELDS = Object.keys(clientFormValues());

const resolver = zodResolver(CreateClientBodySchema) as unknown as Resolver<
  ClientFormValues,
  unknown,
  CreateClientBody
>;

export function ClientForm({ client, preset, submitLabel, onSubmit, onCancel, onReload }: ClientFormProps) {
  const state = useRecordForm({
    resolver,
    defaultValues: clientFormValues(client ?? preset),
    fields: CLIENT_FORM_FIELDS,
    onSubmit,
  });
  const { control } = state;
  const manager = client ? client.fo_manager : preset?.fo_manager;
  const office = client ? client.office : preset?.office;

  return (
    <RecordFormFrame
      state={state}
      label={client ? `Edit ${client.named}` : 'New client'}
      submitLabel={submitLabel}
      onCancel={onCancel}
      onReload={onReload}
    >
      <FormSection legend="Person">
        <TextField control={control} name="first_name" label={L.first_name} required autoComplete="off" />
        <TextField control={control} name="last_name" label={L.last_name} required autoComplete="off" />
        <SelectField control={control} name="gender" label={L.gender} data={GENDERS} placeholder="Not set" />
        <SelectField
          control={control}
          name="language"
          label={L.language}
          data={LANGUAGES}
          displayField="label"
          placeholder="Not set"
        />
        <DateField control={control} name="birthday" label={L.birthday} minDate="1900-01-01" />
        <TextField control={control} name="nationality" label={L.nationality} />
      </FormSection>

      <FormSection legend="Contacts">
        <TextField control={control} name="email" label={L.email} type="email" caseMode="lower" />
        <TextField control={control} name="phone" label={L.phone} type="tel" />
        <TextField control={control} name="phone_alt" label={L.phone_alt} type="tel" />
        <TextField control={control} name="address" label={L.address} />
        <TextField control={control} name="city" label={L.city} />
        <TextField control={control} name="country" label={L.country} />
      </FormSection>

      <FormSection legend="Passport" cols={2}>
        <TextField control={control} name="passport_number" label={L.passport_number} caseMode="upper" />
        <DateField control={control} name="passport_expiry" label={L.passport_expiry} />
      </FormSection>

      <FormSection legend="Membership and rating" cols={4}>
        <SelectField
          control={control}
          name="membership"
          label={L.membership}
          data={MEMBERSHIPS}
          displayField="label"
          placeholder="No plan"
        />
        <DateField control={control} name="membership_start" label={L.membership_start} />
        <DateField control={control} name="membership_end" label={L.membership_end} />
        <SelectField control={control} name="rating" label={L.rating} data={RATINGS} required />
      </FormSection>

      <FormSection legend="Management" cols={3}>
        <PickerField
          control={control}
          name="fo_manager_id"
          label={L.fo_manager}
          object="managers/picker"
          params={{ role: 'FO' }}
          displayField="named"
          extraField="office_title"
          initialItems={manager ? [{ id: manager.id, named: manager.name }] : []}
          placeholder="Not assigned"
        />
        <PickerField
          control={control}
          name="office_id"
          label={L.office}
          object="region"
          displayField="title"
          extraField="ccy"
          initialItems={office ? [office] : []}
          placeholder="Not set"
        />
        <TextField
          control={control}
          name="payment_terms_days"
          label={L.payment_terms_days}
          mask={{ kind: 'number', scale: 0, min: 0, max: 365 }}
          inputMode="numeric"
          placeholder="14 (default)"
        />
      </FormSection>

      <TextAreaField control={control} name="notes" label={L.notes} />
    </RecordFormFrame>
  );
}
