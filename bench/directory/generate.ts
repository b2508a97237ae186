/**
 * Fills a database with a large, realistic directory: clients across plans, ratings, languages,
 * managers and offices; suppliers of every type with tags and services. Rows are built with the
 * server's own mappers (search words, sort keys), so they are exactly what the API would store.
 */

import { MEMBERSHIPS, type RATINGS, SUPPLIER_TYPES } from '@app/shared';
import { fakerEN_GB, fakerRU, fakerZH_CN } from '@faker-js/faker';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { clientSearchColumns } from '../../apps/server/src/modules/directory/clients.mappers.ts';
import {
  type ClientInsert,
  clientsRepository,
} from '../../apps/server/src/modules/directory/clients.repository.ts';
import { ensureDirectoryReferenceData } from '../../apps/server/src/modules/directory/reference-data.service.ts';
import { servicesRepository } from '../../apps/server/src/modules/directory/services.repository.ts';
import { supplierSearchColumns } from '../../apps/server/src/modules/directory/suppliers.mappers.ts';
import {
  type SupplierInsert,
  suppliersRepository,
} from '../../apps/server/src/modules/directory/suppliers.repository.ts';
import { regions } from '../../apps/server/src/modules/rates/regions.table.ts';
import { users } from '../../apps/server/src/modules/users/users.table.ts';

const BATCH = 1000;
const FO_MANAGERS = 24;
const TAGS = [
  'luxury',
  'vip',
  'family',
  'beach',
  'ski',
  'city',
  'romantic',
  'business',
  'desert',
  'yacht',
  'jet',
  'chauffeur',
  'medical',
  'visa',
  'events',
  'dining',
  'spa',
  'safari',
  'island',
  'rail',
  'london',
  'dubai',
  'paris',
  'riviera',
  'alps',
  'maldives',
  'kids club',
  'pet friendly',
  'eco',
  'historic',
];
const DOMAINS = [
  'gmail.com',
  'icloud.com',
  'outlook.com',
  'yahoo.com',
  'mail.ru',
  'yandex.ru',
  'qq.com',
  '163.com',
  'proton.me',
];
const CURRENCIES = ['GBP', 'EUR', 'USD', 'AED'] as const;

/** Weighted like a real book: most clients Basic, few Blacklisted. */
const RATING_WEIGHTS: Array<[(typeof RATINGS)[number], number]> = [
  ['Basic', 0.6],
  ['Test period', 0.15],
  ['Strategic', 0.2],
  ['Blacklisted', 0.05],
];

export interface GenerateOptions {
  clients: number;
  suppliers: number;
  seed?: number;
  log?: (line: string) => void;
}

function weighted<T>(pairs: Array<[T, number]>, r: number): T {
  let acc = 0;
  for (const [value, w] of pairs) {
    acc += w;
    if (r < acc) return value;
  }
  return pairs[pairs.length - 1]![0];
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const ascii = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '')
    .toLowerCase();

export async function generateDirectory(db: Db, options: GenerateOptions): Promise<void> {
  const log = options.log ?? (() => {});
  const seed = options.seed ?? 42;
  for (const f of [fakerEN_GB, fakerRU, fakerZH_CN]) f.seed(seed);
  const faker = fakerEN_GB;
  await ensureDirectoryReferenceData(db);

  // FO managers to spread clients over (the platform seed has one).
  const offices = await db.select().from(regions);
  await db
    .insert(users)
    .values(
      Array.from({ length: FO_MANAGERS }, (_, i) => ({
        name: `${faker.person.firstName()} ${faker.person.lastName()}`,
        email: `fo.manager.${i + 1}@bench.example`,
        password_hash: 'bench-no-login',
        role: 'FO',
        type: 'user',
        region_id: offices[i % offices.length]!.id,
      })),
    )
    .onConflictDoNothing();
  const managers = (await db.select({ id: users.id, role: users.role }).from(users)).filter(
    (u) => u.role === 'FO',
  );

  const started = Date.now();
  for (let start = 0; start < options.clients; start += BATCH) {
    const rows: ClientInsert[] = [];
    for (let i = start; i < Math.min(start + BATCH, options.clients); i++) {
      const lang = i % 10 < 5 ? 'EN' : i % 10 < 8 ? 'RU' : 'CN';
      const f = lang === 'RU' ? fakerRU : lang === 'CN' ? fakerZH_CN : fakerEN_GB;
      const sex = faker.number.int(1) === 0 ? 'female' : 'male';
      const first = f.person.firstName(sex);
      const last = f.person.lastName(sex);
      // Transliterated local part; the index keeps every address unique.
      const local = `${ascii(fakerEN_GB.person.firstName(sex)).slice(0, 12) || 'client'}.${ascii(last).slice(0, 14) || 'x'}${i}`;
      const membership =
        faker.number.float() < 0.1 ? null : MEMBERSHIPS[faker.number.int(MEMBERSHIPS.length - 1)]!.value;
      const startDate = faker.date.between({ from: '2023-01-01', to: '2026-06-30' });
      const values = {
        first_name: first,
        last_name: last,
        email: faker.number.float() < 0.08 ? null : `${local}@${DOMAINS[i % DOMAINS.length]}`,
        phone: `+${faker.helpers.arrayElement(['44 7', '971 5', '7 9', '86 1', '1 2', '33 6'])}${faker.string.numeric(8)}`,
        phone_alt: null,
        gender: sex === 'female' ? 'Female' : 'Male',
        language: lang,
        birthday: isoDay(faker.date.birthdate({ min: 20, max: 85, mode: 'age' })),
        nationality: null,
        passport_number: faker.string.alphanumeric({ length: 9, casing: 'upper' }),
        passport_expiry: isoDay(faker.date.future({ years: 8 })),
        address: null,
        city: faker.location.city(),
        country: faker.location.country(),
        membership,
        membership_start: membership ? isoDay(startDate) : null,
        membership_end: membership ? isoDay(new Date(startDate.getTime() + 365 * 86_400_000)) : null,
        rating: weighted(RATING_WEIGHTS, faker.number.float()),
        fo_manager_id: managers[i % managers.length]!.id,
        region_id: offices[i % offices.length]!.id,
        notes: faker.number.float() < 0.2 ? faker.lorem.sentence() : null,
        archived_at: faker.number.float() < 0.03 ? new Date() : null,
      } as ClientInsert;
      rows.push({ ...values, ...clientSearchColumns(values) });
    }
    await clientsRepository.insertManySkippingDuplicates(db, rows);
    if ((start / BATCH) % 20 === 0)
      log(
        `  clients ${start + rows.length}/${options.clients} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
  }

  const catalogue = await servicesRepository.all(db);
  const usedNames = new Set<string>();
  for (let start = 0; start < options.suppliers; start += BATCH) {
    const rows: SupplierInsert[] = [];
    const services: number[][] = [];
    for (let i = start; i < Math.min(start + BATCH, options.suppliers); i++) {
      const type = SUPPLIER_TYPES[i % SUPPLIER_TYPES.length]!;
      const city = faker.location.city();
      let name =
        `${faker.company.name()} ${type === 'Hotel' ? 'Hotel' : type === 'Transfer company' ? 'Transfers' : ''}`.trim();
      if (usedNames.has(name.toLowerCase())) name = `${name} ${city}`;
      if (usedNames.has(name.toLowerCase())) name = `${name} ${i}`;
      usedNames.add(name.toLowerCase());
      const values = {
        name,
        type,
        tags: faker.helpers.arrayElements(TAGS, { min: 0, max: 4 }),
        country: faker.location.country(),
        city,
        address: faker.location.streetAddress(),
        contact_name: faker.person.fullName(),
        email: `bookings${i}@${ascii(name).slice(0, 20) || 'supplier'}.com`,
        phone: `+44 20 ${faker.string.numeric(8)}`,
        website: null,
        payment_terms_days: faker.helpers.arrayElement([0, 7, 14, 30, 45, 60]),
        currency: CURRENCIES[i % CURRENCIES.length],
        bank_name: faker.helpers.arrayElement(['HSBC', 'Barclays', 'Emirates NBD', 'BNP Paribas', null]),
        bank_account: `GB${faker.string.numeric(20)}`,
        bank_swift: null,
        rating: faker.helpers.arrayElement(['Basic', 'Strategic', null]),
        notes: null,
        archived_at: faker.number.float() < 0.03 ? new Date() : null,
      } as SupplierInsert;
      rows.push({ ...values, ...supplierSearchColumns(values) });
      services.push(faker.helpers.arrayElements(catalogue, { min: 1, max: 3 }).map((s) => s.id));
    }
    const inserted = await suppliersRepository.insertManySkippingDuplicates(db, rows);
    const byKey = new Map(rows.map((r, k) => [r.name_key, services[k]!]));
    await suppliersRepository.addServices(
      db,
      inserted.flatMap((row) =>
        (byKey.get(row.name_key) ?? []).map((service_id) => ({ supplier_id: row.id, service_id })),
      ),
    );
  }
  log(`  suppliers ${options.suppliers}`);
}

/** Counts, to reuse a database that already holds the data. */
export async function directorySize(db: Db): Promise<{ clients: number; suppliers: number }> {
  const result = (await db.execute(
    sql`select (select count(*) from clients)::int as clients, (select count(*) from suppliers)::int as suppliers`,
  )) as unknown as {
    rows: Array<{ clients: number; suppliers: number }>;
  };
  return result.rows[0]!;
}
