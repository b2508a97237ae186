import { DOCUMENT_MONEY_MAX, STATEMENT_DATE_FORMATS, type StatementDateFormat } from '@app/shared';
import { Decimal } from 'decimal.js';

/** What a bank line may hold (NUMERIC(18,2) would take more, but a line must be allocatable). */
const MAX_AMOUNT = new Decimal(DOCUMENT_MONEY_MAX);

// Day, month and year positions of each format; a time after the date ('01/03/2026 10:22') is ignored.
const DATE_PATTERNS: Record<StatementDateFormat, { re: RegExp; y: number; m: number; d: number }> = {
  'YYYY-MM-DD': { re: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, y: 1, m: 2, d: 3 },
  'DD/MM/YYYY': { re: /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/, y: 3, m: 2, d: 1 },
  'MM/DD/YYYY': { re: /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/, y: 3, m: 1, d: 2 },
  'DD.MM.YYYY': { re: /^(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})$/, y: 3, m: 2, d: 1 },
  'DD-MM-YYYY': { re: /^(\d{1,2})-(\d{1,2})-(\d{4}|\d{2})$/, y: 3, m: 2, d: 1 },
};

const datePart = (value: string) => value.trim().split(/[T\s]/)[0] ?? '';

/** The ISO date a cell holds in `format`, or null when it does not read as one (31/02, 13/13). */
export function parseStatementDate(value: string, format: StatementDateFormat): string | null {
  const p = DATE_PATTERNS[format];
  const m = p.re.exec(datePart(value));
  if (!m) return null;
  const yy = m[p.y]!;
  const y = yy.length === 2 ? 2000 + Number(yy) : Number(yy);
  const month = Number(m[p.m]);
  const day = Number(m[p.d]);
  if (y < 1970 || y > 2099 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(y, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export const looksLikeDate = (value: string): boolean =>
  STATEMENT_DATE_FORMATS.some((f) => parseStatementDate(value, f) !== null);

/**
 * The format that reads the most of these values, the first of STATEMENT_DATE_FORMATS on a tie
 * (so 01/03/2026 is the 1st of March unless a value such as 03/25/2026 says otherwise).
 */
export function guessDateFormat(values: string[]): StatementDateFormat {
  const sample = values.filter((v) => v.trim() !== '').slice(0, 500);
  let best: StatementDateFormat = STATEMENT_DATE_FORMATS[0];
  let bestCount = -1;
  for (const format of STATEMENT_DATE_FORMATS) {
    const count = sample.filter((v) => parseStatementDate(v, format) !== null).length;
    if (count > bestCount) [best, bestCount] = [format, count];
  }
  return best;
}

// Currency symbols and codes, spaces (also the non-breaking ones) and apostrophes (Swiss grouping).
const NOISE = /[\s\u00a0\u202f'’£$€¥₹]|^[A-Za-z]{3}|[A-Za-z]{3}$/g;

/** The text of an amount without currency and spaces, its sign and brackets still on it. */
const bare = (value: string) => value.replace(NOISE, '').replace(/\u2212/g, '-');

/**
 * A signed amount: a leading or trailing minus, or brackets, make it negative; `decimalComma`
 * reads '1.234,56', otherwise '1,234.56'. Null when it is not a number with at most two decimals.
 */
export function parseStatementAmount(value: string, decimalComma: boolean): Decimal | null {
  let s = bare(value);
  let negative = false;
  if (s.startsWith('(') && s.endsWith(')')) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (s.startsWith('-') || s.startsWith('+')) {
    negative = negative !== s.startsWith('-');
    s = s.slice(1);
  } else if (s.endsWith('-')) {
    negative = !negative;
    s = s.slice(0, -1);
  }
  const [group, point] = decimalComma ? ['.', ','] : [',', '.'];
  const at = s.lastIndexOf(point);
  const whole = at === -1 ? s : s.slice(0, at);
  const fraction = at === -1 ? '' : s.slice(at + 1);
  if (!/^\d{0,2}$/.test(fraction) || (at !== -1 && fraction === '')) return null;
  const grouped = new RegExp(`^\\d{1,3}(\\${group}\\d{3})+$`);
  if (!(/^\d+$/.test(whole) || grouped.test(whole) || (whole === '' && fraction !== ''))) return null;
  const amount = new Decimal(`${whole.split(group).join('') || '0'}.${fraction || '0'}`);
  if (amount.greaterThan(MAX_AMOUNT)) return null;
  return negative ? amount.negated() : amount;
}

export const looksLikeAmount = (value: string): boolean =>
  /\d/.test(value) &&
  (parseStatementAmount(value, false) !== null || parseStatementAmount(value, true) !== null);

/**
 * Whether the amounts use a decimal comma: by the values whose last separator is followed by one
 * or two digits ('12,50' against '12.50'); with no such value, by the delimiter (';' files come
 * from decimal-comma countries).
 */
export function guessDecimalComma(values: string[], delimiter: string): boolean {
  let comma = 0;
  let point = 0;
  for (const v of values.slice(0, 1000)) {
    const m = /([.,])\d{1,2}\)?-?$/.exec(bare(v));
    if (m?.[1] === ',') comma++;
    else if (m?.[1] === '.') point++;
  }
  if (comma === 0 && point === 0) return delimiter === ';';
  return comma > point;
}
