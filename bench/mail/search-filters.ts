/** The mail list calls the search bench times: who asks and the query of each run. */
import { COMMON_WORDS, rareWord, SURNAMES } from './search-generate.ts';

export interface MailSample {
  messages: number;
  /** The London office's mailbox (the largest: 40% of the mail) and its INBOX. */
  mailbox: number;
  inbox: number;
  /** Its messages, and its INBOX's. */
  mailboxMessages: number;
  inboxMessages: number;
  /** The London BO's token: the office's reader, under the privacy rule. */
  readerToken: string;
  /** Rare words that are in the London mailbox, each in a handful of messages. */
  rareWords: string[];
}

export interface ListCall {
  name: string;
  /** The office's reader (privacy by office) or the Admin (every mailbox). */
  as: 'reader' | 'admin';
  query: (s: MailSample, run: number) => Record<string, string>;
}

const at = <T>(list: readonly T[], run: number) => list[run % list.length]!;
/** Surnames of senders (each in about 1 in 300 messages). */
const SENDER_WORDS = [
  SURNAMES[0]!,
  SURNAMES[37]!,
  SURNAMES[123]!,
  SURNAMES[201]!,
  SURNAMES[299]!,
  'volkovina',
];
/** Words of the subject templates (in 1 in 18 to 1 in 24 of the messages each). */
const SUBJECT_WORDS = ['cancellation', 'helicopter', 'courchevel', 'limousine', 'opera', 'penthouse'];
/** In most messages. */
const COMMON = ['please', 'regards', 'thank', 'dear'];

export const LIST_CALLS: ListCall[] = [
  { name: 'folder, first page', as: 'reader', query: (s) => ({ folder: String(s.inbox) }) },
  { name: 'folder, unread only', as: 'reader', query: (s) => ({ folder: String(s.inbox), unread: 'true' }) },
  { name: 'folder, page 20', as: 'reader', query: (s) => ({ folder: String(s.inbox), offset: '380' }) },
  { name: 'mailbox, first page', as: 'reader', query: (s) => ({ mailbox: String(s.mailbox) }) },
  {
    name: 'search: a sender word',
    as: 'reader',
    query: (s, run) => ({ mailbox: String(s.mailbox), search: at(SENDER_WORDS, run) }),
  },
  {
    name: 'search: a subject word',
    as: 'reader',
    query: (s, run) => ({ mailbox: String(s.mailbox), search: at(SUBJECT_WORDS, run) }),
  },
  {
    name: 'search: a rare text word',
    as: 'reader',
    query: (s, run) => ({ mailbox: String(s.mailbox), search: at(s.rareWords, run) }),
  },
  {
    name: 'search: a common word',
    as: 'reader',
    query: (s, run) => ({ mailbox: String(s.mailbox), search: at(COMMON, run) }),
  },
  {
    name: 'search: two words (sender + trade)',
    as: 'reader',
    query: (s, run) => ({
      mailbox: String(s.mailbox),
      search: `${at(SENDER_WORDS, run)} ${at(['visa', 'yacht', 'invoice'], run)}`,
    }),
  },
  {
    name: 'folder + a subject word',
    as: 'reader',
    query: (s, run) => ({ folder: String(s.inbox), search: at(SUBJECT_WORDS, run) }),
  },
  { name: 'Admin: every mailbox, first page', as: 'admin', query: () => ({}) },
  {
    name: 'Admin: every mailbox, a sender word',
    as: 'admin',
    query: (_, run) => ({ search: at(SENDER_WORDS, run) }),
  },
];

/** Rare words of the London mailbox, found in the data (the generator's hashes decide where they land). */
export const RARE_CANDIDATES = Array.from({ length: 400 }, (_, i) => rareWord(i * 67 + 11));
export { COMMON_WORDS };

export const toQueryString = (query: Record<string, string>) => new URLSearchParams(query).toString();
