import type { Client, ClientItem } from '@app/shared';
import { isBlacklisted } from '@app/shared';
import { phoneWord, searchVector, sortKey } from '../../platform/full-text-search.ts';
import type { ClientInsert, ClientItemRow, ClientWithRefs } from './clients.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const clientName = (row: { first_name: string; last_name: string }) =>
  `${row.first_name} ${row.last_name}`.trim();

export function toClient(row: ClientWithRefs): Client {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    named: clientName(row),
    email: row.email,
    phone: row.phone,
    phone_alt: row.phone_alt,
    gender: row.gender as Client['gender'],
    language: row.language as Client['language'],
    birthday: row.birthday,
    nationality: row.nationality,
    passport_number: row.passport_number,
    passport_expiry: row.passport_expiry,
    address: row.address,
    city: row.city,
    country: row.country,
    membership: row.membership as Client['membership'],
    membership_start: row.membership_start,
    membership_end: row.membership_end,
    rating: row.rating as Client['rating'],
    blacklisted: isBlacklisted(row),
    fo_manager: row.fo_manager,
    office: row.office,
    payment_terms_days: row.payment_terms_days,
    notes: row.notes,
    archived: row.archived_at !== null,
    archived_at: iso(row.archived_at),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    version: row.version,
  };
}

export function toClientItem(row: ClientItemRow): ClientItem {
  return {
    id: row.id,
    named: clientName(row),
    email: row.email,
    phone: row.phone,
    rating: row.rating as ClientItem['rating'],
    blacklisted: isBlacklisted(row),
    membership: row.membership as ClientItem['membership'],
    archived: row.archived_at !== null,
  };
}

/** What the history shows: the record's own fields, not the ones derived from them. */
export function clientSnapshot(client: Client | null): Record<string, unknown> | null {
  if (!client) return null;
  const { named: _n, blacklisted: _b, archived: _a, ...rest } = client;
  return rest;
}

/** The columns kept for search and ordering, from the client's fields. */
export function clientSearchColumns(
  v: Pick<ClientInsert, 'first_name' | 'last_name' | 'email' | 'phone' | 'phone_alt'>,
) {
  return {
    sort_name: sortKey(v.last_name, v.first_name).slice(0, 210),
    search_vector: searchVector(
      [v.first_name, v.last_name, v.email, v.phone, v.phone_alt],
      [phoneWord(v.phone), phoneWord(v.phone_alt)],
    ),
  };
}
