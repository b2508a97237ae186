/**
 * Fills a database for the mail search bench: four offices, a shared mailbox each (40/30/20/10%
 * of the mail), four folders per mailbox (INBOX 60%, Sent 20%, Archive 15%, Suppliers 5%), and
 * `count` messages written in SQL with generate_series. About 30% of the messages are unread (37.5%
 * of the incoming ones; sent ones are read), dates spread over three years.
 *
 * The words are what a travel office's mail holds: senders from 100 first names and 300 surnames
 * at 60 domains, subjects from a few dozen templates, and a text of about 60 words: a dozen of
 * the common words (`please` in most messages), two dozen of some 240 trade words, and two rare
 * words out of 27,000 made-up ones (each in about 40 messages of 500,000). `search_vector` is what
 * the ingest stores: the folded, distinct words of sender, recipients, subject and text
 * (`messageSearchVector`; the words here are plain lower-case ASCII, so splitting on spaces and
 * punctuation does the same).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';

export const FIRST_NAMES = [
  'anna',
  'boris',
  'clara',
  'david',
  'elena',
  'farid',
  'grace',
  'hugo',
  'irina',
  'jamal',
  'karen',
  'leon',
  'maria',
  'nikolai',
  'olga',
  'pierre',
  'quentin',
  'rania',
  'sofia',
  'tariq',
  'ursula',
  'viktor',
  'wendy',
  'xavier',
  'yasmin',
  'zoran',
  'amir',
  'bella',
  'carlos',
  'dmitri',
  'emma',
  'felix',
  'gianni',
  'hana',
  'ivan',
  'julia',
  'khalid',
  'lara',
  'marco',
  'nadia',
  'oscar',
  'paula',
  'rashid',
  'sara',
  'tomas',
  'uma',
  'vera',
  'william',
  'yusuf',
  'zara',
  'adam',
  'beatrice',
  'cyril',
  'diana',
  'edward',
  'fatima',
  'george',
  'helena',
  'igor',
  'jasmine',
  'kevin',
  'layla',
  'mikhail',
  'nora',
  'omar',
  'petra',
  'reza',
  'simon',
  'tatiana',
  'ulrich',
  'valentina',
  'walid',
  'yara',
  'zeynep',
  'alexei',
  'bianca',
  'charles',
  'daria',
  'ethan',
  'farah',
  'gustav',
  'hassan',
  'ines',
  'jacques',
  'katya',
  'lucas',
  'mila',
  'nasser',
  'olivia',
  'pavel',
  'roman',
  'selim',
  'theo',
  'ulla',
  'victor',
  'wassim',
  'yann',
  'zoe',
  'aleksandr',
  'bruno',
];

const SURNAME_ROOTS = [
  'karen',
  'volkov',
  'smith',
  'haddad',
  'rossi',
  'muller',
  'dubois',
  'ivanov',
  'khan',
  'petrov',
  'garcia',
  'novak',
  'sokolov',
  'bianchi',
  'fischer',
  'mansour',
  'lefevre',
  'orlov',
  'costa',
  'weber',
  'nasser',
  'popov',
  'moreau',
  'schmidt',
  'rahman',
  'romano',
  'kuznetsov',
  'martin',
  'hoffmann',
  'saleh',
];
const SURNAME_ENDS = ['', 'ina', 'ova', 'son', 'elli', 'berg', 'ski', 'ani', 'ez', 'ou'];
/** 300 surnames: a root and an ending ("karenina", "volkovberg"). */
export const SURNAMES = SURNAME_ROOTS.flatMap((r) => SURNAME_ENDS.map((e) => r + e));

const DOMAINS = Array.from(
  { length: 60 },
  (_, i) =>
    ['mail', 'post', 'office', 'travel', 'family', 'group'][i % 6]! +
    ['one', 'gate', 'line', 'star', 'bay', 'park', 'hill', 'port', 'view', 'field'][Math.floor(i / 6)]!,
);

/** In most messages: the words any letter is made of. */
export const COMMON_WORDS = [
  'please',
  'thank',
  'you',
  'the',
  'and',
  'for',
  'with',
  'regards',
  'best',
  'dear',
  'kind',
  'hello',
  'would',
  'like',
  'could',
  'will',
  'have',
  'this',
  'that',
  'from',
  'your',
  'our',
  'about',
  'today',
  'tomorrow',
  'week',
  'need',
  'know',
  'let',
  'time',
  'also',
  'just',
  'can',
  'send',
  'confirm',
  'soon',
];

/** The trade: each in a few percent of messages. */
export const TRADE_WORDS = [
  'hotel',
  'booking',
  'reservation',
  'suite',
  'room',
  'villa',
  'chalet',
  'yacht',
  'charter',
  'jet',
  'flight',
  'transfer',
  'chauffeur',
  'airport',
  'terminal',
  'lounge',
  'visa',
  'passport',
  'invoice',
  'payment',
  'deposit',
  'receipt',
  'refund',
  'cancellation',
  'itinerary',
  'restaurant',
  'table',
  'dinner',
  'lunch',
  'breakfast',
  'concierge',
  'guide',
  'tour',
  'excursion',
  'safari',
  'desert',
  'ski',
  'pass',
  'tickets',
  'concert',
  'opera',
  'theatre',
  'museum',
  'gallery',
  'spa',
  'massage',
  'treatment',
  'helicopter',
  'boat',
  'marina',
  'berth',
  'crew',
  'captain',
  'menu',
  'wine',
  'champagne',
  'flowers',
  'bouquet',
  'birthday',
  'anniversary',
  'wedding',
  'honeymoon',
  'family',
  'children',
  'nanny',
  'babysitter',
  'security',
  'driver',
  'car',
  'limousine',
  'van',
  'luggage',
  'baggage',
  'delivery',
  'pickup',
  'schedule',
  'arrival',
  'departure',
  'checkin',
  'checkout',
  'late',
  'early',
  'upgrade',
  'view',
  'sea',
  'mountain',
  'pool',
  'beach',
  'cabana',
  'club',
  'membership',
  'event',
  'party',
  'venue',
  'catering',
  'photographer',
  'shopping',
  'boutique',
  'tailor',
  'jeweller',
  'watch',
  'gift',
  'surprise',
  'quote',
  'offer',
  'price',
  'rate',
  'discount',
  'budget',
  'contract',
  'terms',
  'conditions',
  'policy',
  'insurance',
  'medical',
  'doctor',
  'clinic',
  'pharmacy',
  'prescription',
  'school',
  'course',
  'lesson',
  'instructor',
  'golf',
  'tennis',
  'court',
  'coach',
  'trainer',
  'gym',
  'yoga',
  'retreat',
  'island',
  'resort',
  'palace',
  'castle',
  'estate',
  'apartment',
  'penthouse',
  'residence',
  'lease',
  'rental',
  'agent',
  'broker',
  'supplier',
  'partner',
  'account',
  'statement',
  'balance',
  'transfer',
  'wire',
  'card',
  'bank',
  'currency',
  'euro',
  'pound',
  'dollar',
  'dirham',
  'tax',
  'vat',
  'customs',
  'embassy',
  'consulate',
  'appointment',
  'interview',
  'documents',
  'copies',
  'scan',
  'signature',
  'form',
  'application',
  'approval',
  'confirmation',
  'voucher',
  'reference',
  'number',
  'request',
  'change',
  'update',
  'reminder',
  'urgent',
  'question',
  'answer',
  'details',
  'options',
  'availability',
  'waitlist',
  'guest',
  'guests',
  'adults',
  'nights',
  'dates',
  'morning',
  'evening',
  'afternoon',
  'midnight',
  'weekend',
  'holiday',
  'season',
  'summer',
  'winter',
  'spring',
  'autumn',
  'london',
  'dubai',
  'paris',
  'geneva',
  'monaco',
  'milan',
  'rome',
  'courchevel',
  'gstaad',
  'maldives',
  'mykonos',
  'ibiza',
  'sardinia',
  'capri',
  'nice',
  'cannes',
  'zurich',
  'vienna',
  'prague',
  'istanbul',
  'marrakech',
  'seychelles',
  'bali',
  'tokyo',
  'singapore',
  'newyork',
  'miami',
  'aspen',
  'verbier',
  'doha',
  'riyadh',
  'abudhabi',
  'muscat',
  'cairo',
  'athens',
  'lisbon',
  'madrid',
  'barcelona',
  'amsterdam',
  'berlin',
];

const SUBJECT_HEADS = [
  'Booking',
  'Question about',
  'Invoice for',
  'Confirmation of',
  'Change to',
  'Cancellation of',
  'Quote for',
  'Payment for',
  'Reminder:',
  'Urgent:',
  'Update on',
  'Request for',
  'Documents for',
  'Re: Booking',
  'Re: Invoice for',
  'Fwd: Quote for',
  'Re: Question about',
  'Re: Change to',
];
const SUBJECT_OBJECTS = [
  'the villa in Mykonos',
  'the yacht charter',
  'the Courchevel chalet',
  'the airport transfer',
  'the Dubai suite',
  'the Paris dinner',
  'the helicopter flight',
  'the safari tour',
  'the opera tickets',
  'the spa treatment',
  'the wedding venue',
  'the visa appointment',
  'the ski passes',
  'the Geneva hotel',
  'the private jet',
  'the restaurant table',
  'the concierge services',
  'the birthday party',
  'the Maldives resort',
  'the nanny service',
  'the limousine',
  'the museum tour',
  'the golf lesson',
  'the penthouse rental',
];

/** Syllables of the rare made-up words: 30³ = 27,000 of them ("kalomir", "vetrasun"). */
const SYLLABLES = [
  'ka',
  'lo',
  'mir',
  've',
  'tra',
  'sun',
  'zo',
  'quin',
  'bel',
  'dra',
  'fen',
  'gor',
  'hal',
  'jus',
  'kep',
  'lum',
  'nor',
  'pax',
  'rid',
  'sol',
  'tam',
  'ul',
  'vex',
  'wim',
  'yor',
  'zet',
  'bri',
  'cos',
  'dun',
  'fal',
];
export const rareWord = (i: number) =>
  SYLLABLES[i % 30]! + SYLLABLES[Math.floor(i / 30) % 30]! + SYLLABLES[Math.floor(i / 900) % 30]!;

const list = (words: string[]) =>
  sql.raw(`array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]::text[]`);

async function count(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const r = (await db.execute(query)) as unknown as { rows: Array<{ n: number }> };
  return Number(r.rows[0]?.n ?? 0);
}

export const messagesSize = (db: Db) => count(db, sql`select count(*)::int as n from mail_messages`);

export const OFFICES = ['London', 'Dubai', 'Geneva', 'Paris'] as const;
export const FOLDERS = [
  { path: 'INBOX', role: 'inbox' },
  { path: 'Sent', role: 'sent' },
  { path: 'Archive', role: null },
  { path: 'Suppliers', role: null },
] as const;

/** Four offices (two of them the platform seed's), a mailbox each and its four folders. */
export async function generateMailboxes(db: Db): Promise<void> {
  await db.execute(sql`
    insert into regions (title, ccy) values ('Geneva', 'EUR'), ('Paris', 'EUR') on conflict do nothing`);
  await db.execute(sql`
    insert into mailboxes (region_id, name, address, imap_host, imap_port, imap_security, imap_user,
      imap_password_enc, smtp_host, smtp_port, smtp_security)
    select r.id, r.title || ' office', lower(r.title) || '@office.example', 'imap.example', 993, 'tls',
      lower(r.title) || '@office.example', 'v1.x.x.x', 'smtp.example', 465, 'tls'
    from regions r where r.title in ('London', 'Dubai', 'Geneva', 'Paris')
    on conflict do nothing`);
  for (const f of FOLDERS)
    await db.execute(sql`
      insert into mail_folders (mailbox_id, path, name, role, uidvalidity)
      select id, ${f.path}, ${f.path}, ${f.role}, 1 from mailboxes
      on conflict do nothing`);
}

/**
 * Adds `total` messages, in batches of 25,000 (each its own statement). The table's indexes are
 * dropped first and built again at the end (from their own definitions): building a GIN index over
 * 500,000 rows at once is minutes faster than growing it row by row.
 */
export async function generateMessages(db: Db, total: number, log: (line: string) => void): Promise<void> {
  const indexes = (
    (await db.execute(
      sql`select indexname, indexdef from pg_indexes where tablename = 'mail_messages' and indexname <> 'mail_messages_pkey'`,
    )) as unknown as { rows: Array<{ indexname: string; indexdef: string }> }
  ).rows;
  for (const i of indexes) await db.execute(sql.raw(`drop index ${i.indexname}`));
  await insertMessages(db, total, log);
  const t0 = Date.now();
  for (const i of indexes) await db.execute(sql.raw(i.indexdef));
  log(`  indexes built again in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

async function insertMessages(db: Db, total: number, log: (line: string) => void): Promise<void> {
  const start = (await messagesSize(db)) + 1;
  const batch = 25_000;
  const rare = Array.from({ length: 27_000 }, (_, i) => rareWord(i));
  const t0 = Date.now();
  for (let from = start; from < start + total; from += batch) {
    const to = Math.min(start + total - 1, from + batch - 1);
    await db.execute(sql`
      with boxes as (
        select array_agg(m.id order by case r.title when 'London' then 1 when 'Dubai' then 2 when 'Geneva' then 3 else 4 end) as ids
        from mailboxes m join regions r on r.id = m.region_id
      ), vocab as (
        select ${list(rare)} as rare
      ), picks as (
        select n, v.rare as rare_words,
          -- spreads the planner cannot guess from n: cheap hashes of it
          (n * 2654435761::bigint) % 1000003 as h,
          (n * 40503::bigint + 12345) % 999983 as g,
          b.ids
        from generate_series(${from}::int, ${to}::int) as n, boxes b, vocab v
      ), placed as (
        select p.*,
          p.ids[case when h % 10 < 4 then 1 when h % 10 < 7 then 2 when h % 10 < 9 then 3 else 4 end] as mailbox_id,
          case when g % 20 < 12 then 'INBOX' when g % 20 < 16 then 'Sent' when g % 20 < 19 then 'Archive' else 'Suppliers' end as path
        from picks p
      ), people as (
        select p.*,
          (${list(FIRST_NAMES)})[1 + h % 100] as first_name,
          (${list(SURNAMES)})[1 + (h / 100) % 300] as last_name,
          (${list(DOMAINS)})[1 + (g / 20) % 60] as domain,
          (${list(SUBJECT_HEADS)})[1 + (g / 7) % ${SUBJECT_HEADS.length}] || ' '
            || (${list(SUBJECT_OBJECTS)})[1 + (h / 13) % ${SUBJECT_OBJECTS.length}] as subject,
          array(select (${list(COMMON_WORDS)})[1 + ((n::bigint * 7919 + k * 104729) % 1000003 * 2654435761) % 1000003 % ${COMMON_WORDS.length}]
            from generate_series(1, 12) k) as common,
          array(select (${list(TRADE_WORDS)})[1 + ((n::bigint * 6151 + k * 15485863) * 40503) % 999983 % ${TRADE_WORDS.length}]
            from generate_series(1, 24) k) as trade,
          array[rare_words[1 + (h * 31 + g) % 27000], rare_words[1 + (g * 17 + h) % 27000]] as rare
        from placed p
      ), composed as (
        select p.*,
          f.id as folder_id,
          p.path = 'Sent' as outgoing,
          -- 'please' in most letters, then the rest in a shuffled order
          case when h % 5 < 4 then 'Dear team, please ' else 'Hello, ' end
            || array_to_string(common[1:4] || trade[1:8] || rare[1:1] || common[5:8] || trade[9:16] || rare[2:2]
              || common[9:12] || trade[17:24], ' ') || '. Kind regards, '
            || initcap(first_name) || ' ' || initcap(last_name) as body
        from people p
        join mail_folders f on f.mailbox_id = p.mailbox_id and f.path = p.path
      )
      insert into mail_messages (mailbox_id, folder_id, uidvalidity, uid, message_id, direction, from_name,
        from_address, "to", subject, date, text, snippet, seen_at, search_vector, size)
      select mailbox_id, folder_id, 1, n, '<bench-' || n || '@' || domain || '.example>',
        case when outgoing then 'out' else 'in' end,
        case when outgoing then 'Office' else initcap(first_name) || ' ' || initcap(last_name) end,
        case when outgoing then 'office@office.example' else first_name || '.' || last_name || '@' || domain || '.example' end,
        jsonb_build_array(jsonb_build_object('name', case when outgoing then initcap(first_name) || ' ' || initcap(last_name) else 'Office' end,
          'address', case when outgoing then first_name || '.' || last_name || '@' || domain || '.example' else 'office@office.example' end)),
        subject,
        timestamptz '2026-11-25 12:00:00+00' - make_interval(mins => ((h * 7 + g) % 1576800)::int),
        body,
        left(body, 200),
        case when not outgoing and (h / 3) % 8 < 3 then null
          else timestamptz '2026-11-25 12:00:00+00' - make_interval(mins => ((h * 7 + g) % 1576800)::int) + interval '1 hour' end,
        array_to_tsvector(array(select distinct w from unnest(
          array[first_name, last_name, domain, 'example', 'office']
          || regexp_split_to_array(lower(subject), '[^a-z0-9]+')
          || common || trade || rare || array['dear', 'team', 'hello', 'kind', 'regards']) as w where w <> '')),
        length(body) + 400
      from composed
      on conflict do nothing`);
    log(`  messages ${to - start + 1}/${total} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
}
