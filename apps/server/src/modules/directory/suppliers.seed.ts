import type { SupplierType } from '@app/shared';
import type { ChangeEntry } from '../audit/audit.service.ts';
import type { DirectoryDemo } from './directory.seed.ts';
import { servicesRepository } from './services.repository.ts';
import { supplierSearchColumns, supplierSnapshot, toSupplier } from './suppliers.mappers.ts';
import { type SupplierInsert, suppliersRepository } from './suppliers.repository.ts';
import { SUPPLIER_ENTITY } from './suppliers.service.ts';

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

/** Suppliers of every type, each offering services of the catalogue; answers their creation. */
export async function seedSuppliers({ db, rnd, pick }: DirectoryDemo): Promise<ChangeEntry[]> {
  const catalogue = await servicesRepository.all(db);
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

  return (
    await suppliersRepository.findByIds(
      db,
      insertedSuppliers.map((s) => s.id),
    )
  ).map((row) => ({
    entity: SUPPLIER_ENTITY,
    id: row.id,
    before: null,
    after: supplierSnapshot(toSupplier(row)),
  }));
}
