import { customType } from 'drizzle-orm/pg-core';

/**
 * Word-prefix search without database extensions. Text is folded in JavaScript (accents dropped,
 * lower case) so PGlite's C locale and PostgreSQL's locale behave alike; each record stores its
 * words as a `tsvector` (GIN-indexed) and a search becomes `'word':* & 'other':*`.
 */
export const tsvector = customType<{ data: string; driverData: string }>({ dataType: () => 'tsvector' });

const MAX_WORDS = 64;
const MAX_QUERY_WORDS = 8;
const MAX_WORD_LENGTH = 60;

/** Letters that carry no combining mark to drop, spelled the way people type them without it. */
const PLAIN: Record<string, string> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/** Lower case without accents: "Émilie Ørsted" → "emilie orsted", "Ёлка" → "елка". */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[øæœßłđðþı]/g, (c) => PLAIN[c] ?? c);
}

/** Folded words: letters and digits, everything else separates. */
export function words(text: string | null | undefined): string[] {
  if (!text) return [];
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .map((w) => w.slice(0, MAX_WORD_LENGTH));
}

/** A key for sorting and for case- and accent-insensitive uniqueness. */
export function sortKey(...parts: Array<string | null | undefined>): string {
  return fold(parts.filter(Boolean).join(' ')).replace(/\s+/g, ' ').trim();
}

// Words hold only letters and digits, so quoting needs no escaping; the guard keeps it that way.
const quote = (w: string) => `'${w.replace(/['\\]/g, '')}'`;

/** The tsvector literal of a record's searchable text. */
export function searchVector(parts: Array<string | null | undefined>, extra: string[] = []): string {
  const all = new Set<string>();
  for (const p of parts) for (const w of words(p)) all.add(w);
  for (const w of extra) if (w) all.add(w);
  return [...all].slice(0, MAX_WORDS).map(quote).join(' ');
}

/** Digits of a phone number as one word, so "+44 7700 900123" is found by "447700". */
export function phoneWord(phone: string | null | undefined): string {
  return phone ? phone.replace(/\D/g, '').slice(0, MAX_WORD_LENGTH) : '';
}

/** The tsquery of what someone typed: every word must start a word of the record. Null when nothing is searchable. */
export function prefixQuery(search: string | null | undefined): string | null {
  const ws = words(search).slice(0, MAX_QUERY_WORDS);
  return ws.length ? ws.map((w) => `${quote(w)}:*`).join(' & ') : null;
}

/** The tsquery of whole words (a preload by a stored value): every word must be a word of the record. */
export function exactQuery(search: string | null | undefined): string | null {
  const ws = words(search).slice(0, MAX_QUERY_WORDS);
  return ws.length ? ws.map(quote).join(' & ') : null;
}

/** A search that is a plain number may also be an id. */
export function searchId(search: string | null | undefined): number | null {
  const s = search?.trim() ?? '';
  if (!/^\d{1,9}$/.test(s)) return null;
  const n = Number(s);
  return n > 0 ? n : null;
}

/** `ILIKE` pattern for the small lists, with the wildcards of the text escaped. */
export function containsPattern(search: string): string {
  return `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
