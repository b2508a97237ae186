import {
  GENDERS,
  type ImportArea,
  type ImportField,
  LANGUAGES,
  MEMBERSHIPS,
  RATE_CURRENCIES,
  RATINGS,
  SUPPLIER_TYPES,
} from '@app/shared';
import { fold } from '../../platform/full-text-search.ts';

/**
 * The columns an import can fill, with the labels the exports use as headers, so an exported
 * file imports back with the suggested mapping as it is.
 */
export interface FieldDef extends ImportField {
  /** Other header spellings recognised when suggesting a mapping. */
  aliases?: string[];
}

export const CLIENT_FIELDS: FieldDef[] = [
  {
    name: 'first_name',
    label: 'First name',
    required: true,
    aliases: ['firstname', 'given name', 'forename', 'имя'],
  },
  {
    name: 'last_name',
    label: 'Last name',
    required: true,
    aliases: ['lastname', 'surname', 'family name', 'фамилия'],
  },
  { name: 'email', label: 'Email', required: false, aliases: ['e-mail', 'mail', 'email address'] },
  {
    name: 'phone',
    label: 'Phone',
    required: false,
    aliases: ['telephone', 'mobile', 'phone number', 'телефон'],
  },
  {
    name: 'phone_alt',
    label: 'Phone 2',
    required: false,
    aliases: ['other phone', 'second phone', 'alt phone'],
  },
  { name: 'gender', label: 'Gender', required: false, aliases: ['sex'] },
  { name: 'language', label: 'Language', required: false, aliases: ['lang'] },
  { name: 'birthday', label: 'Birthday', required: false, aliases: ['date of birth', 'dob', 'birth date'] },
  { name: 'nationality', label: 'Nationality', required: false, aliases: ['citizenship'] },
  {
    name: 'passport_number',
    label: 'Passport number',
    required: false,
    aliases: ['passport', 'passport no'],
  },
  {
    name: 'passport_expiry',
    label: 'Passport expiry',
    required: false,
    aliases: ['passport expires', 'passport valid until'],
  },
  { name: 'address', label: 'Address', required: false },
  { name: 'city', label: 'City', required: false },
  { name: 'country', label: 'Country', required: false },
  { name: 'membership', label: 'Membership', required: false, aliases: ['plan', 'membership plan'] },
  { name: 'membership_start', label: 'Membership start', required: false, aliases: ['plan start'] },
  { name: 'membership_end', label: 'Membership end', required: false, aliases: ['plan end'] },
  { name: 'rating', label: 'Rating', required: false },
  { name: 'fo_manager', label: 'FO manager', required: false, aliases: ['manager', 'fo', 'account manager'] },
  { name: 'office', label: 'Office', required: false, aliases: ['region'] },
  { name: 'notes', label: 'Notes', required: false, aliases: ['comment', 'comments', 'remarks'] },
];

export const SUPPLIER_FIELDS: FieldDef[] = [
  {
    name: 'name',
    label: 'Name',
    required: true,
    aliases: ['supplier', 'supplier name', 'company', 'company name'],
  },
  { name: 'type', label: 'Type', required: true, aliases: ['supplier type', 'category'] },
  { name: 'tags', label: 'Tags', required: false, aliases: ['labels'] },
  { name: 'services', label: 'Services', required: false, aliases: ['service'] },
  { name: 'country', label: 'Country', required: false },
  { name: 'city', label: 'City', required: false },
  { name: 'address', label: 'Address', required: false },
  { name: 'contact_name', label: 'Contact name', required: false, aliases: ['contact', 'contact person'] },
  { name: 'email', label: 'Email', required: false, aliases: ['e-mail', 'mail'] },
  { name: 'phone', label: 'Phone', required: false, aliases: ['telephone'] },
  { name: 'website', label: 'Website', required: false, aliases: ['web', 'url', 'site'] },
  {
    name: 'payment_terms_days',
    label: 'Payment terms (days)',
    required: false,
    aliases: ['payment terms', 'terms', 'payment days'],
  },
  { name: 'currency', label: 'Currency', required: false, aliases: ['default currency', 'ccy'] },
  { name: 'bank_name', label: 'Bank name', required: false, aliases: ['bank'] },
  {
    name: 'bank_account',
    label: 'Bank account',
    required: false,
    aliases: ['iban', 'account number', 'account'],
  },
  { name: 'bank_swift', label: 'SWIFT', required: false, aliases: ['bic', 'swift code', 'swift/bic'] },
  { name: 'rating', label: 'Rating', required: false },
  { name: 'notes', label: 'Notes', required: false, aliases: ['comment', 'comments'] },
];

export const IMPORT_FIELDS: Record<ImportArea, FieldDef[]> = {
  clients: CLIENT_FIELDS,
  suppliers: SUPPLIER_FIELDS,
};

const key = (s: string) => fold(s).replace(/[^\p{L}\p{N}]+/gu, '');

/** Each field gets the first header that spells its name, label or an alias. */
export function suggestMapping(fields: FieldDef[], columns: string[]): Record<string, string | null> {
  const byKey = new Map<string, string>();
  for (const c of columns) if (!byKey.has(key(c))) byKey.set(key(c), c);
  const taken = new Set<string>();
  const mapping: Record<string, string | null> = {};
  for (const f of fields) {
    const candidates = [f.name, f.label, ...(f.aliases ?? [])].map(key);
    const column = candidates.map((k) => byKey.get(k)).find((c) => c !== undefined && !taken.has(c)) ?? null;
    if (column) taken.add(column);
    mapping[f.name] = column;
  }
  return mapping;
}

/* Cell values people type, turned into the values the API takes. Unknown spellings pass through
   unchanged, so the API schema refuses them with its own message. */

const byFold = <T extends string>(values: readonly T[], text: string): T | string =>
  values.find((v) => fold(v) === fold(text)) ?? text;

export function genderOf(text: string): string {
  const t = fold(text);
  if (t === 'm') return 'Male';
  if (t === 'f') return 'Female';
  return byFold(GENDERS, text);
}

export function languageOf(text: string): string {
  return LANGUAGES.find((l) => fold(l.value) === fold(text) || fold(l.label) === fold(text))?.value ?? text;
}

export function membershipOf(text: string): string {
  return MEMBERSHIPS.find((m) => fold(m.value) === fold(text) || fold(m.label) === fold(text))?.value ?? text;
}

export const ratingOf = (text: string) => byFold(RATINGS, text);
export const supplierTypeOf = (text: string) => byFold(SUPPLIER_TYPES, text);
export const currencyOf = (text: string) => byFold(RATE_CURRENCIES, text);

/** `YYYY-MM-DD`, `DD/MM/YYYY` (the product's format) or `DD.MM.YYYY`; anything else as typed. */
export function dateOf(text: string): string {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  if (iso) return `${iso[1]}-${iso[2]!.padStart(2, '0')}-${iso[3]!.padStart(2, '0')}`;
  const dmy = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(text);
  if (dmy) return `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  return text;
}

/** Lists in one cell: "vip; beach, family". */
export const listOf = (text: string) =>
  text
    .split(/[;,|]/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
