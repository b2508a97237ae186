/** A client or supplier as the contacts sync sees it. */
export interface ContactSource {
  kind: 'client' | 'supplier';
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  archived: boolean;
}

/** The contact details that come back from Xero (only the ones Xero's contact carries). */
export interface PulledDetails {
  email?: string | null;
  phone?: string | null;
  address?: string | null;
  city?: string | null;
  country?: string | null;
}

export type XeroContact = Record<string, unknown> & { ContactID?: string };

/** `CLIENT-12` / `SUPPLIER-7`: what lets a retried create find the contact it already made. */
export const contactNumber = (kind: ContactSource['kind'], id: number) => `${kind.toUpperCase()}-${id}`;

/** The Xero Contact of a record: what is sent, and what its fingerprint is taken of. */
export function toXeroContact(s: ContactSource): XeroContact {
  return {
    Name: s.name.slice(0, 255),
    ContactNumber: contactNumber(s.kind, s.id),
    ContactStatus: s.archived ? 'ARCHIVED' : 'ACTIVE',
    EmailAddress: s.email ?? '',
    Phones: [{ PhoneType: 'DEFAULT', PhoneNumber: s.phone ?? '' }],
    Addresses: [
      { AddressType: 'STREET', AddressLine1: s.address ?? '', City: s.city ?? '', Country: s.country ?? '' },
    ],
    ...(s.kind === 'client' ? { IsCustomer: true } : { IsSupplier: true }),
  };
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
type Entry = Record<string, unknown>;

/**
 * What a Xero contact says of the email, the DEFAULT phone (country and area codes joined to the
 * number) and the STREET address. A part Xero's answer lacks altogether is left out (not cleared).
 */
export function fromXeroContact(c: XeroContact): PulledDetails {
  const out: PulledDetails = {};
  if ('EmailAddress' in c) out.email = text(c.EmailAddress);
  const phone = (Array.isArray(c.Phones) ? (c.Phones as Entry[]) : []).find((p) => p.PhoneType === 'DEFAULT');
  if (phone) {
    const parts = [phone.PhoneCountryCode, phone.PhoneAreaCode, phone.PhoneNumber].map(text).filter(Boolean);
    out.phone = parts.length ? parts.join(' ') : null;
  }
  const street = (Array.isArray(c.Addresses) ? (c.Addresses as Entry[]) : []).find(
    (a) => a.AddressType === 'STREET',
  );
  if (street) {
    const lines = [street.AddressLine1, street.AddressLine2, street.AddressLine3, street.AddressLine4]
      .map(text)
      .filter(Boolean);
    out.address = lines.length ? lines.join(', ') : null;
    out.city = text(street.City);
    out.country = text(street.Country);
  }
  return out;
}

const LIMITS: Record<keyof PulledDetails, number> = {
  email: 254,
  phone: 40,
  address: 300,
  city: 100,
  country: 100,
};

/** The pulled details that differ from the record's (cut to the record's column sizes); empty when none. */
export function changedDetails(s: ContactSource, pulled: PulledDetails): PulledDetails {
  const changes: PulledDetails = {};
  for (const key of Object.keys(pulled) as Array<keyof PulledDetails>) {
    const value = pulled[key]?.slice(0, LIMITS[key]) ?? null;
    const ours = s[key];
    const same =
      key === 'email'
        ? (ours ?? '').toLowerCase() === (value ?? '').toLowerCase()
        : (ours ?? '') === (value ?? '');
    if (!same) changes[key] = value;
  }
  return changes;
}
