import type { MailAddress } from '@app/shared/mail/mail.schemas';
import { isValidEmail } from '@app/shared/validation/validators';

/** `Ann Lee <ann@example.com>`, or the bare address when there is no name. */
export function formatAddress(a: MailAddress): string {
  const name = a.name.trim();
  if (!name || name.toLowerCase() === a.address.toLowerCase()) return a.address;
  return /[",;<>@]/.test(name) ? `"${name.replace(/"/g, "'")}" <${a.address}>` : `${name} <${a.address}>`;
}

/** What a list shows of a person: the name, else the address. */
export const addressLabel = (a: MailAddress): string => a.name.trim() || a.address;

export const formatAddressList = (list: readonly MailAddress[]): string => list.map(formatAddress).join(', ');

/**
 * Splits a typed list at commas and semicolons outside quotes and angle brackets:
 * `"Lee, Ann" <ann@example.com>; bob@example.com` is two entries.
 */
export function splitAddressList(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  let angled = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (ch === '<' && !quoted) angled = true;
    else if (ch === '>' && !quoted) angled = false;
    if ((ch === ',' || ch === ';') && !quoted && !angled) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter((p) => p.length > 0);
}

/** One typed entry as an address: `Ann <ann@x.com>` or `ann@x.com`; null when it holds none. */
export function parseAddress(entry: string): MailAddress | null {
  const angled = /^(.*)<([^<>]*)>\s*$/.exec(entry.trim());
  const address = (angled ? (angled[2] ?? '') : entry).trim();
  if (!isValidEmail(address)) return null;
  const name = angled
    ? (angled[1] ?? '')
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim()
    : '';
  return { name, address };
}

export interface AddressListCheck {
  addresses: MailAddress[];
  /** The first entry that is not an address, as typed. */
  invalid: string | null;
}

export function readAddressList(text: string): AddressListCheck {
  const addresses: MailAddress[] = [];
  for (const entry of splitAddressList(text)) {
    const address = parseAddress(entry);
    if (!address) return { addresses, invalid: entry };
    addresses.push(address);
  }
  return { addresses, invalid: null };
}

/** The list without `drop` (our own mailbox) and without repeats, first one kept, compared case-blind. */
export function uniqueAddresses(list: readonly MailAddress[], drop: readonly string[] = []): MailAddress[] {
  const seen = new Set(drop.map((a) => a.toLowerCase()));
  const out: MailAddress[] = [];
  for (const a of list) {
    const key = a.address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(a);
  }
  return out;
}

/** 1536 -> `1.5 KB`, 2 621 440 -> `2.5 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${trimmed(bytes / 1024)} KB`;
  return `${trimmed(bytes / 1024 / 1024)} MB`;
}

const trimmed = (n: number) => (n >= 10 ? String(Math.round(n)) : n.toFixed(1).replace(/\.0$/, ''));
