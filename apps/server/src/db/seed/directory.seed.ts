import { MEMBERSHIPS, type Membership, type Rating, type SupplierType } from '@app/shared';
import { BANK_ENTITY, bankSnapshot, toBank } from '../../modules/directory/banks.service.ts';
import { banks } from '../../modules/directory/banks.table.ts';
import { clientSearchColumns, clientSnapshot, toClient } from '../../modules/directory/clients.mappers.ts';
import { type ClientInsert, clientsRepository } from '../../modules/directory/clients.repository.ts';
import { CLIENT_ENTITY } from '../../modules/directory/clients.service.ts';
import { companiesRepository } from '../../modules/directory/companies.repository.ts';
import { ensureDirectoryReferenceData } from '../../modules/directory/reference-data.service.ts';
import { servicesRepository } from '../../modules/directory/services.repository.ts';
import {
  supplierSearchColumns,
  supplierSnapshot,
  toSupplier,
} from '../../modules/directory/suppliers.mappers.ts';
import { type SupplierInsert, suppliersRepository } from '../../modules/directory/suppliers.repository.ts';
import { SUPPLIER_ENTITY } from '../../modules/directory/suppliers.service.ts';
import { regions } from '../../modules/rates/regions.table.ts';
import { users } from '../../modules/users/users.table.ts';
import { type ChangeEntry, recordChanges } from '../../platform/audit/audit.service.ts';
import type { SeedContext } from './index.ts';

/** mulberry32: the same demo directory on every machine. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

type Person = [
  first: string,
  last: string,
  gender: 'Male' | 'Female',
  language: 'RU' | 'EN' | 'CN',
  nationality: string,
  city: string,
  country: string,
];

/** Wealthy individuals from the markets a London/Dubai concierge serves. */
const PEOPLE: Person[] = [
  ['Alexander', 'Volkov', 'Male', 'RU', 'Russian', 'Moscow', 'Russia'],
  ['Ekaterina', 'Sokolova', 'Female', 'RU', 'Russian', 'Moscow', 'Russia'],
  ['Dmitry', 'Orlov', 'Male', 'RU', 'Russian', 'Saint Petersburg', 'Russia'],
  ['Anastasia', 'Morozova', 'Female', 'RU', 'Russian', 'Dubai', 'United Arab Emirates'],
  ['Sergei', 'Lebedev', 'Male', 'RU', 'Kazakh', 'Almaty', 'Kazakhstan'],
  ['Natalia', 'Kuznetsova', 'Female', 'RU', 'Russian', 'London', 'United Kingdom'],
  ['Mikhail', 'Petrov', 'Male', 'RU', 'Russian', 'Limassol', 'Cyprus'],
  ['Olga', 'Fedorova', 'Female', 'RU', 'Russian', 'Monaco', 'Monaco'],
  ['Igor', 'Novikov', 'Male', 'RU', 'Russian', 'Dubai', 'United Arab Emirates'],
  ['Yulia', 'Pavlova', 'Female', 'RU', 'Ukrainian', 'Geneva', 'Switzerland'],
  ['Pavel', 'Smirnov', 'Male', 'RU', 'Russian', 'Moscow', 'Russia'],
  ['Irina', 'Belova', 'Female', 'RU', 'Russian', 'London', 'United Kingdom'],
  ['James', 'Whitmore', 'Male', 'EN', 'British', 'London', 'United Kingdom'],
  ['Charlotte', 'Ashford', 'Female', 'EN', 'British', 'London', 'United Kingdom'],
  ['Oliver', 'Pembroke', 'Male', 'EN', 'British', 'Oxford', 'United Kingdom'],
  ['Amelia', 'Hartley', 'Female', 'EN', 'British', 'Edinburgh', 'United Kingdom'],
  ['William', 'Carrington', 'Male', 'EN', 'American', 'New York', 'United States'],
  ['Sophia', 'Lancaster', 'Female', 'EN', 'American', 'Los Angeles', 'United States'],
  ['Khalid', 'Al Mansouri', 'Male', 'EN', 'Emirati', 'Abu Dhabi', 'United Arab Emirates'],
  ['Layla', 'Al Nuaimi', 'Female', 'EN', 'Emirati', 'Dubai', 'United Arab Emirates'],
  ['Omar', 'Haddad', 'Male', 'EN', 'Lebanese', 'Beirut', 'Lebanon'],
  ['Noor', 'Al Thani', 'Female', 'EN', 'Qatari', 'Doha', 'Qatar'],
  ['Rajiv', 'Malhotra', 'Male', 'EN', 'Indian', 'Mumbai', 'India'],
  ['Priya', 'Kapoor', 'Female', 'EN', 'Indian', 'Dubai', 'United Arab Emirates'],
  ['Lucas', 'Moreau', 'Male', 'EN', 'French', 'Paris', 'France'],
  ['Isabella', 'Rossi', 'Female', 'EN', 'Italian', 'Milan', 'Italy'],
  ['Maximilian', 'Brandt', 'Male', 'EN', 'German', 'Munich', 'Germany'],
  ['Elena', 'García', 'Female', 'EN', 'Spanish', 'Marbella', 'Spain'],
  ['Wei', 'Zhang', 'Male', 'CN', 'Chinese', 'Shanghai', 'China'],
  ['Mei', 'Lin', 'Female', 'CN', 'Chinese', 'Beijing', 'China'],
  ['Jun', 'Wang', 'Male', 'CN', 'Chinese', 'Shenzhen', 'China'],
  ['Xiu', 'Chen', 'Female', 'CN', 'Chinese', 'Hong Kong', 'China'],
  ['Hao', 'Li', 'Male', 'CN', 'Singaporean', 'Singapore', 'Singapore'],
  ['Yan', 'Zhou', 'Female', 'CN', 'Chinese', 'Guangzhou', 'China'],
  ['Tao', 'Huang', 'Male', 'CN', 'Chinese', 'London', 'United Kingdom'],
  ['Lian', 'Wu', 'Female', 'CN', 'Chinese', 'Dubai', 'United Arab Emirates'],
];

/** Mostly Basic, a few strategic accounts, some on trial, two to be refused. */
const RATING_CYCLE: Rating[] = [
  'Basic',
  'Strategic',
  'Basic',
  'Test period',
  'Basic',
  'Strategic',
  'Basic',
  'Basic',
  'Test period',
  'Strategic',
  'Basic',
  'Blacklisted',
];

type SupplierSeed = [
  name: string,
  type: SupplierType,
  city: string,
  country: string,
  currency: 'GBP' | 'EUR' | 'USD' | 'AED',
  terms: number,
  tags: string[],
  services: string[],
];

const SUPPLIERS: SupplierSeed[] = [
  ['The Savoy', 'Hotel', 'London', 'United Kingdom', 'GBP', 30, ['luxury', 'london'], ['Hotel']],
  ["Claridge's", 'Hotel', 'London', 'United Kingdom', 'GBP', 30, ['luxury', 'london', 'vip'], ['Hotel']],
  [
    'Burj Al Arab Jumeirah',
    'Hotel',
    'Dubai',
    'United Arab Emirates',
    'AED',
    14,
    ['luxury', 'dubai', 'beach'],
    ['Hotel'],
  ],
  ['Hôtel Plaza Athénée', 'Hotel', 'Paris', 'France', 'EUR', 30, ['luxury', 'paris'], ['Hotel']],
  ['Aman Venice', 'Hotel', 'Venice', 'Italy', 'EUR', 21, ['luxury', 'romantic'], ['Hotel']],
  ['Cheval Blanc Courchevel', 'Hotel', 'Courchevel', 'France', 'EUR', 14, ['ski', 'luxury'], ['Hotel']],
  [
    'Executive Cars London',
    'Transfer company',
    'London',
    'United Kingdom',
    'GBP',
    7,
    ['chauffeur', 'london'],
    ['Transportation', 'Meet & greet Vip ARIVAL'],
  ],
  [
    'Dubai Limousine Services',
    'Transfer company',
    'Dubai',
    'United Arab Emirates',
    'AED',
    7,
    ['chauffeur', 'dubai'],
    ['Transportation'],
  ],
  [
    'Riviera Chauffeurs',
    'Transfer company',
    'Nice',
    'France',
    'EUR',
    14,
    ['chauffeur', 'riviera'],
    ['Transportation'],
  ],
  [
    'Emirates',
    'Airline',
    'Dubai',
    'United Arab Emirates',
    'AED',
    0,
    ['first class'],
    ['Air tickets', 'Air tickets amendments'],
  ],
  [
    'British Airways',
    'Airline',
    'London',
    'United Kingdom',
    'GBP',
    0,
    ['first class'],
    ['Air tickets', 'Air tickets amendments'],
  ],
  ['Qatar Airways', 'Airline', 'Doha', 'Qatar', 'USD', 0, ['business class'], ['Air tickets']],
  ['VistaJet', 'Private jet broker', 'London', 'United Kingdom', 'USD', 0, ['jet', 'vip'], ['Private jet']],
  ['Luxaviation', 'Private jet broker', 'Luxembourg', 'Luxembourg', 'EUR', 0, ['jet'], ['Private jet']],
  [
    'Jetex Dubai',
    'Private jet broker',
    'Dubai',
    'United Arab Emirates',
    'AED',
    7,
    ['jet', 'dubai'],
    ['Private jet', 'Airport VIP Lounge'],
  ],
  ['Burgess Yachts', 'Yacht broker', 'Monaco', 'Monaco', 'EUR', 30, ['yacht', 'riviera'], ['Yacht Charter']],
  ['Fraser Yachts', 'Yacht broker', 'Antibes', 'France', 'EUR', 30, ['yacht'], ['Yacht Charter', 'Cruise']],
  [
    'Xclusive Yachts',
    'Yacht broker',
    'Dubai',
    'United Arab Emirates',
    'AED',
    7,
    ['yacht', 'dubai'],
    ['Yacht Charter'],
  ],
  ['VFS Global', 'Visa agent', 'London', 'United Kingdom', 'GBP', 0, ['visa'], ['Visa packages']],
  [
    'Dubai Visa Centre',
    'Visa agent',
    'Dubai',
    'United Arab Emirates',
    'AED',
    0,
    ['visa', 'dubai'],
    ['Visa packages', 'Translations'],
  ],
  [
    'Arabian Adventures',
    'DMC',
    'Dubai',
    'United Arab Emirates',
    'AED',
    14,
    ['desert', 'dubai', 'family'],
    ['Guide', 'Tickets for events', 'Extras'],
  ],
  [
    'Amalfi Experiences',
    'DMC',
    'Positano',
    'Italy',
    'EUR',
    21,
    ['romantic', 'family'],
    ['Guide', 'Food & drinks expenses'],
  ],
  [
    'Venice Simplon-Orient-Express',
    'Other',
    'London',
    'United Kingdom',
    'GBP',
    30,
    ['rail', 'luxury'],
    ['Train cruise', 'Railway ticket'],
  ],
  [
    'Harley Street Medical Concierge',
    'Other',
    'London',
    'United Kingdom',
    'GBP',
    14,
    ['medical'],
    ['Medical services & appointment', 'COVID tests'],
  ],
  [
    'McQueens Flowers',
    'Other',
    'London',
    'United Kingdom',
    'GBP',
    30,
    ['flowers', 'london'],
    ['Flowers', 'Courier services'],
  ],
];

type BankSeed = [
  company: string,
  bank: string,
  account: string,
  swift: string,
  currency: 'GBP' | 'EUR' | 'USD' | 'AED',
  type: 'Income' | 'Outcome',
  opening: string,
];

const BANKS: BankSeed[] = [
  ['BSLF', 'Barclays', 'GB29BARC20000055779911', 'BARCGB22', 'GBP', 'Income', '125000.00'],
  ['BSLF', 'Barclays', 'GB94BARC20000055779922', 'BARCGB22', 'GBP', 'Outcome', '40000.00'],
  ['BSLF', 'Barclays', 'GB49BARC20000055779933', 'BARCGB22', 'EUR', 'Income', '18500.00'],
  ['BSLF', 'HSBC UK', 'GB15HBUK40127612345678', 'HBUKGB4B', 'USD', 'Outcome', '22000.00'],
  ['TPRO', 'Emirates NBD', 'AE070331234567890123456', 'EBILAEAD', 'AED', 'Income', '310000.00'],
  ['TPRO', 'Emirates NBD', 'AE460331234567890123457', 'EBILAEAD', 'AED', 'Outcome', '95000.00'],
  ['TPRO', 'Mashreq', 'AE330460000010123456789', 'BOMLAEAD', 'USD', 'Income', '50000.00'],
  ['AIRS', 'Lloyds Bank', 'GB33LOYD30963412345678', 'LOYDGB2L', 'GBP', 'Income', '60000.00'],
  ['AIRS', 'Lloyds Bank', 'GB82LOYD30963412349999', 'LOYDGB2L', 'GBP', 'Outcome', '15000.00'],
];

/**
 * A realistic directory so lists and pickers are never empty: three dozen clients across plans
 * and ratings, suppliers of every type, and the companies' bank accounts.
 */
export async function seedDirectory({ db, now }: SeedContext): Promise<void> {
  await ensureDirectoryReferenceData(db);
  const rnd = random(20260115);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  // One after the other: the seed runs in a transaction, whose one connection takes one query at a time.
  const foUsers = await db.select({ id: users.id, name: users.name, role: users.role }).from(users);
  const offices = await db.select().from(regions);
  const catalogue = await servicesRepository.all(db);
  const companyRows = await companiesRepository.all(db);
  const managers = foUsers.filter((u) => u.role === 'FO');
  const officeOf = (city: string) =>
    offices.find(
      (o) => o.title === (['Dubai', 'Abu Dhabi', 'Doha', 'Mumbai'].includes(city) ? 'Dubai' : 'London'),
    );

  const clientValues: ClientInsert[] = PEOPLE.map(
    ([first, last, gender, language, nationality, city, country], i) => {
      const membership: Membership | null = i % 9 === 8 ? null : MEMBERSHIPS[i % MEMBERSHIPS.length]!.value;
      const start = new Date(now.getTime() - Math.floor(30 + rnd() * 600) * DAY);
      const end = new Date(start.getTime() + (membership === 'trial' ? 30 : 365) * DAY);
      const office = officeOf(city);
      const emailName = `${first}.${last}`
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .replace(/\s+/g, '')
        .toLowerCase();
      const values: ClientInsert = {
        first_name: first,
        last_name: last,
        email:
          i % 7 === 6
            ? null
            : `${emailName}@${pick(['gmail.com', 'icloud.com', 'outlook.com', 'yandex.ru', 'qq.com'])}`,
        phone: `+${pick(['44 7700', '971 50', '7 916', '86 138', '1 212'])} ${String(100000 + Math.floor(rnd() * 899999))}`,
        phone_alt: null,
        gender,
        language,
        birthday: isoDay(
          new Date(
            Date.UTC(1955 + Math.floor(rnd() * 45), Math.floor(rnd() * 12), 1 + Math.floor(rnd() * 28)),
          ),
        ),
        nationality,
        passport_number: `${String.fromCharCode(65 + (i % 26))}${String(10000000 + Math.floor(rnd() * 89999999))}`,
        passport_expiry: isoDay(new Date(now.getTime() + Math.floor(200 + rnd() * 3000) * DAY)),
        address: null,
        city,
        country,
        membership,
        membership_start: membership ? isoDay(start) : null,
        membership_end: membership ? isoDay(end) : null,
        rating: RATING_CYCLE[i % RATING_CYCLE.length]!,
        fo_manager_id: managers.length ? managers[i % managers.length]!.id : null,
        region_id: office?.id ?? null,
        notes:
          i % 4 === 0
            ? pick([
                'Prefers suites with a view.',
                'Travels with two children and a nanny.',
                'Allergic to nuts.',
                'Always books through the Dubai office.',
              ])
            : null,
      } as ClientInsert;
      return { ...values, ...clientSearchColumns(values) };
    },
  );
  const insertedClients = await clientsRepository.insertManySkippingDuplicates(db, clientValues);

  const serviceId = (named: string) => catalogue.find((s) => s.named === named)?.id;
  const supplierValues: SupplierInsert[] = SUPPLIERS.map(
    ([name, type, city, country, currency, terms, tags], i) => {
      const values = {
        name,
        type,
        tags,
        city,
        country,
        currency,
        payment_terms_days: terms,
        contact_name: pick(['Reservations desk', 'Groups department', 'Charter desk', 'Account manager']),
        email: `bookings@${name
          .normalize('NFKD')
          .replace(/\p{M}/gu, '')
          .replace(/[^A-Za-z]/g, '')
          .toLowerCase()}.com`,
        phone: `+${pick(['44 20', '971 4', '33 1', '39 06'])} ${String(1000000 + Math.floor(rnd() * 8999999))}`,
        website: null,
        bank_name: i % 3 === 0 ? null : pick(['HSBC', 'BNP Paribas', 'Emirates NBD', 'UniCredit']),
        bank_account: i % 3 === 0 ? null : `GB${String(10 + i)}DEMO${String(10000000 + i * 7919)}`,
        bank_swift: null,
        rating: i % 5 === 0 ? 'Strategic' : 'Basic',
        notes: null,
      } as SupplierInsert;
      return { ...values, ...supplierSearchColumns(values) };
    },
  );
  const insertedSuppliers = await suppliersRepository.insertManySkippingDuplicates(db, supplierValues);
  await suppliersRepository.addServices(
    db,
    insertedSuppliers.flatMap((row) => {
      const seed = SUPPLIERS.find((s) => s[0] === row.name)!;
      return seed[7].flatMap((named) =>
        serviceId(named) ? [{ supplier_id: row.id, service_id: serviceId(named)! }] : [],
      );
    }),
  );

  const companyId = (code: string) => companyRows.find((c) => c.code === code)?.id;
  const bankRows = await db
    .insert(banks)
    .values(
      BANKS.filter(([code]) => companyId(code)).map(
        ([code, bank_name, account_number, swift, currency, type, opening_balance]) => ({
          company_id: companyId(code)!,
          bank_name,
          account_name: companyRows.find((c) => c.code === code)!.name,
          account_number,
          swift,
          currency,
          type,
          opening_balance,
        }),
      ),
    )
    .onConflictDoNothing()
    .returning();

  // The demo history starts with the creation of each record, by the system.
  const managerRef = new Map(foUsers.map((u) => [u.id, { id: u.id, name: u.name }]));
  const entries: ChangeEntry[] = [
    ...insertedClients.map((row) => ({
      entity: CLIENT_ENTITY,
      id: row.id,
      before: null,
      after: clientSnapshot(
        toClient({
          ...row,
          fo_manager: row.fo_manager_id ? (managerRef.get(row.fo_manager_id) ?? null) : null,
          office: offices.find((o) => o.id === row.region_id) ?? null,
        }),
      ),
    })),
    ...(
      await suppliersRepository.findByIds(
        db,
        insertedSuppliers.map((s) => s.id),
      )
    ).map((row) => ({
      entity: SUPPLIER_ENTITY,
      id: row.id,
      before: null,
      after: supplierSnapshot(toSupplier(row)),
    })),
    ...bankRows.map((row) => {
      const company = companyRows.find((c) => c.id === row.company_id)!;
      return {
        entity: BANK_ENTITY,
        id: row.id,
        before: null,
        after: bankSnapshot(
          toBank({ ...row, company: { id: company.id, code: company.code, name: company.name } }),
        ),
      };
    }),
  ];
  await recordChanges(db, null, entries);
}
