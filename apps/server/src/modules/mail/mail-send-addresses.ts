import { isValidEmail, type MailAddress } from '@app/shared';
import addressparser from 'nodemailer/lib/addressparser';

/**
 * The pieces of an address field as typed, split on commas and semicolons that are not inside
 * quotes or angle brackets: `"Smith, John" <j@x.org>; a@b.com` is two.
 */
export function splitAddressField(value: string): string[] {
  const pieces: string[] = [];
  let current = '';
  let quoted = false;
  let angled = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '\\' && quoted && i + 1 < value.length) {
      current += c + value[++i];
      continue;
    }
    if (c === '"') quoted = !quoted;
    else if (c === '<' && !quoted) angled = true;
    else if (c === '>' && !quoted) angled = false;
    if ((c === ',' || c === ';') && !quoted && !angled) {
      pieces.push(current);
      current = '';
    } else current += c;
  }
  pieces.push(current);
  return pieces.map((p) => p.trim()).filter((p) => p.length > 0);
}

/** One typed address (`a@b.com`, `Name <a@b.com>`, `"Smith, John" <j@x.org>`), or null when it is not one. */
export function parseAddress(piece: string): MailAddress | null {
  const parsed = addressparser(piece, { flatten: true });
  if (parsed.length !== 1) return null;
  const { name, address } = parsed[0]!;
  if (!isValidEmail(address)) return null;
  // `a@b.com c@d.com` parses as the name "c@d.com": two addresses without a comma, refused.
  if (name.includes('@') && !/^\s*"/.test(piece)) return null;
  if (name.length > 300) return null;
  return { name, address: address.toLowerCase() };
}

/** An address field: the addresses, and the pieces that are not addresses, as typed. */
export function parseAddressField(value: string | undefined): { addresses: MailAddress[]; bad: string[] } {
  const addresses: MailAddress[] = [];
  const bad: string[] = [];
  for (const piece of splitAddressField(value ?? '')) {
    const address = parseAddress(piece);
    if (address) addresses.push(address);
    else bad.push(piece);
  }
  return { addresses, bad };
}
