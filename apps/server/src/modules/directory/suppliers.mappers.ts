import type { Supplier, SupplierItem } from '@app/shared';
import { phoneWord, searchVector, sortKey } from '../../platform/full-text-search.ts';
import type { SupplierInsert, SupplierItemRow, SupplierWithServices } from './suppliers.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toSupplier(row: SupplierWithServices): Supplier {
  return {
    id: row.id,
    name: row.name,
    named: row.name,
    type: row.type as Supplier['type'],
    tags: row.tags,
    services: row.services,
    country: row.country,
    city: row.city,
    address: row.address,
    contact_name: row.contact_name,
    email: row.email,
    phone: row.phone,
    website: row.website,
    payment_terms_days: row.payment_terms_days,
    currency: row.currency as Supplier['currency'],
    bank_name: row.bank_name,
    bank_account: row.bank_account,
    bank_swift: row.bank_swift,
    rating: row.rating as Supplier['rating'],
    notes: row.notes,
    archived: row.archived_at !== null,
    archived_at: iso(row.archived_at),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    version: row.version,
  };
}

export function toSupplierItem(row: SupplierItemRow): SupplierItem {
  return {
    id: row.id,
    named: row.name,
    type: row.type as SupplierItem['type'],
    currency: row.currency as SupplierItem['currency'],
    payment_terms_days: row.payment_terms_days,
    archived: row.archived_at !== null,
  };
}

export function supplierSnapshot(s: Supplier | null): Record<string, unknown> | null {
  if (!s) return null;
  const { named: _n, archived: _a, ...rest } = s;
  return rest;
}

/** Folded name: two suppliers whose names differ only in case, accents or spacing are the same. */
export const supplierNameKey = (name: string) => sortKey(name).slice(0, 200);

export function supplierSearchColumns(
  v: Pick<SupplierInsert, 'name' | 'contact_name' | 'email' | 'phone' | 'city' | 'country' | 'tags'>,
) {
  return {
    name_key: supplierNameKey(v.name),
    search_vector: searchVector(
      [v.name, v.contact_name, v.email, v.city, v.country, ...(v.tags ?? [])],
      [phoneWord(v.phone)],
    ),
  };
}
