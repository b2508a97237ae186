import { LANGUAGES, labelOf, MEMBERSHIPS } from '@app/shared';

/** Labels of the client fields, shared by the form, the record and its history. */
export const CLIENT_FIELD_LABELS = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  phone: 'Phone',
  phone_alt: 'Other phone',
  gender: 'Gender',
  language: 'Language',
  birthday: 'Birthday',
  nationality: 'Nationality',
  passport_number: 'Passport number',
  passport_expiry: 'Passport expiry',
  address: 'Address',
  city: 'City',
  country: 'Country',
  membership: 'Membership plan',
  membership_start: 'Membership start',
  membership_end: 'Membership end',
  rating: 'Rating',
  fo_manager: 'FO manager',
  fo_manager_id: 'FO manager',
  office: 'Office',
  office_id: 'Office',
  payment_terms_days: 'Payment terms (days)',
  notes: 'Notes',
  archived_at: 'Archived',
} satisfies Record<string, string>;

export const membershipLabel = (value: string): string => labelOf(MEMBERSHIPS, value);
export const languageLabel = (value: string): string => labelOf(LANGUAGES, value);

export const CLIENT_VALUE_LABELS: Record<string, (value: string) => string> = {
  membership: membershipLabel,
  language: languageLabel,
};
