import {
  ACCOUNT_TYPES,
  ACCOUNTING_SERVICE_TYPE,
  type AccountType,
  SERVICE_SUBTYPES,
  SERVICE_TYPES,
} from '@app/shared';
import { count } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies } from './companies.table.ts';
import { services } from './services.table.ts';

/** The group's companies (spec: request companies BSLF, TPRO, AIRS); editable afterwards. */
export const DEFAULT_COMPANIES = [
  {
    code: 'BSLF',
    name: 'Bespoke Lifestyle Ltd',
    base_currency: 'GBP',
    invoice_prefix: 'BSLF',
    address: '20 Berkeley Square, London W1J 6EQ',
    vat_number: 'GB284771023',
  },
  {
    code: 'TPRO',
    name: 'Travel Pro FZ-LLC',
    base_currency: 'AED',
    invoice_prefix: 'TPRO',
    address: 'Office 1204, Boulevard Plaza Tower 1, Dubai',
    vat_number: '100384920600003',
  },
  {
    code: 'AIRS',
    name: 'Air Services Ltd',
    base_currency: 'GBP',
    invoice_prefix: 'AIRS',
    address: '3 Hanover Square, London W1S 1HD',
    vat_number: 'GB318205577',
  },
] as const;

/**
 * Default account type of each catalogue line. Travel services sold as a package fall under the
 * Tour Operators' Margin Scheme (Toms EU); flights outside the EU under Toms non EU; costs paid on
 * the client's behalf (visas, insurance, goods, fees) are disbursements. Admins may change them.
 */
const TYPE_ACCOUNT: Record<string, AccountType> = {
  Hotel: 'Toms EU',
  Transportation: 'Toms EU',
  'Air tickets': 'Toms non EU',
  'Private jet': 'Toms EU',
  Other: 'Toms EU',
  [ACCOUNTING_SERVICE_TYPE]: 'Disbursement',
};
const DISBURSEMENT_SUBTYPES = new Set<string>([
  'Food & drinks expenses',
  'Tickets for events',
  'Visa packages',
  'Translations',
  'Courier services',
  'Direct goods for clients',
  'COVID tests',
  'Medical services & appointment',
  'Services on the name of the client (insurance)',
  'Commission',
  'Flowers',
]);

export function defaultCatalogue(): Array<typeof services.$inferInsert> {
  const types = [...SERVICE_TYPES, ACCOUNTING_SERVICE_TYPE].map((t) => ({
    service_type: t,
    subtype: null,
    named: t,
    default_account_type: TYPE_ACCOUNT[t] ?? ACCOUNT_TYPES[0],
  }));
  const subtypes = SERVICE_SUBTYPES.map((s) => ({
    service_type: 'Other',
    subtype: s,
    named: s,
    default_account_type: (DISBURSEMENT_SUBTYPES.has(s)
      ? 'Disbursement'
      : s === 'Air tickets amendments'
        ? 'Toms non EU'
        : 'Toms EU') as AccountType,
  }));
  return [...types, ...subtypes];
}

/**
 * Reference data every database needs: written once, into empty tables only, so later edits
 * (a renamed company, a changed account type) are never undone by a restart.
 */
export async function ensureDirectoryReferenceData(ex: Executor): Promise<void> {
  const [c] = await ex.select({ n: count() }).from(companies);
  if ((c?.n ?? 0) === 0)
    await ex
      .insert(companies)
      .values(DEFAULT_COMPANIES.map((x) => ({ ...x })))
      .onConflictDoNothing();
  const [s] = await ex.select({ n: count() }).from(services);
  if ((s?.n ?? 0) === 0) await ex.insert(services).values(defaultCatalogue()).onConflictDoNothing();
}
