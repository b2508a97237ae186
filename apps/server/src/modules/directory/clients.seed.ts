import { MEMBERSHIPS, type Membership, type Rating } from '@app/shared';
import type { ChangeEntry } from '../audit/audit.service.ts';
import { clientSearchColumns, clientSnapshot, toClient } from './clients.mappers.ts';
import { type ClientInsert, clientsRepository } from './clients.repository.ts';
import { CLIENT_ENTITY } from './clients.service.ts';
import type { DirectoryDemo } from './directory.seed.ts';

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

/** Three dozen clients across plans and ratings, each with an FO manager and an office; answers their creation. */
export async function seedClients({
  db,
  now,
  rnd,
  pick,
  people,
  offices,
}: DirectoryDemo): Promise<ChangeEntry[]> {
  const managers = people.filter((u) => u.role === 'FO');
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

  const managerRef = new Map(people.map((u) => [u.id, { id: u.id, name: u.name }]));
  return insertedClients.map((row) => ({
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
  }));
}
