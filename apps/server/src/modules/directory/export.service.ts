import type {
  BankExportQuery,
  ClientExportQuery,
  CompanyExportQuery,
  ManagerExportQuery,
  ServiceExportQuery,
  SupplierExportQuery,
} from '@app/shared';
import { LANGUAGES, labelOf, MEMBERSHIPS } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { type Cell, type ExportTable, idPages, offsetPages } from '../../platform/export-writers.ts';
import { toClient } from './clients.mappers.ts';
import { clientsRepository } from './clients.repository.ts';
import { CLIENT_FIELDS, SUPPLIER_FIELDS } from './import.fields.ts';
import type { DirectoryServices } from './index.ts';
import { toSupplier } from './suppliers.mappers.ts';
import { suppliersRepository } from './suppliers.repository.ts';

/** More rows than any directory holds today; a bound so one call cannot run forever. */
export const EXPORT_MAX_ROWS = 500_000;
const PAGE = 1000;

const labels = (fields: Array<{ label: string }>) => fields.map((f) => f.label);
const archived = (a: boolean) => (a ? 'Yes' : '');

/**
 * Exports: the list's own filters and ordering, streamed page by page. Client and supplier
 * columns carry the import's labels, so an exported file imports back as it is.
 */
export function createExportService({ db, services }: { db: Db; services: DirectoryServices }) {
  return {
    clients(q: ClientExportQuery): ExportTable {
      const { format: _f, ...filter } = q;
      return {
        name: 'Clients',
        headers: ['ID', ...labels(CLIENT_FIELDS), 'Archived', 'Created at'],
        pages: (async function* () {
          const ids = await clientsRepository.allIds(db, filter, EXPORT_MAX_ROWS);
          yield* idPages(
            ids,
            PAGE,
            (page) => clientsRepository.findByIds(db, page),
            (row): Cell[] => {
              const c = toClient(row);
              return [
                c.id,
                c.first_name,
                c.last_name,
                c.email,
                c.phone,
                c.phone_alt,
                c.gender,
                c.language ? labelOf(LANGUAGES, c.language) : null,
                c.birthday,
                c.nationality,
                c.passport_number,
                c.passport_expiry,
                c.address,
                c.city,
                c.country,
                c.membership ? labelOf(MEMBERSHIPS, c.membership) : null,
                c.membership_start,
                c.membership_end,
                c.rating,
                c.fo_manager?.name ?? null,
                c.office?.title ?? null,
                c.notes,
                archived(c.archived),
                c.created_at,
              ];
            },
          );
        })(),
      };
    },

    suppliers(q: SupplierExportQuery): ExportTable {
      const { format: _f, ...filter } = q;
      return {
        name: 'Suppliers',
        headers: ['ID', ...labels(SUPPLIER_FIELDS), 'Archived', 'Created at'],
        pages: (async function* () {
          const ids = await suppliersRepository.allIds(db, filter, EXPORT_MAX_ROWS);
          yield* idPages(
            ids,
            PAGE,
            (page) => suppliersRepository.findByIds(db, page),
            (row): Cell[] => {
              const s = toSupplier(row);
              return [
                s.id,
                s.name,
                s.type,
                s.tags.join('; '),
                s.services.map((x) => x.named).join('; '),
                s.country,
                s.city,
                s.address,
                s.contact_name,
                s.email,
                s.phone,
                s.website,
                s.payment_terms_days,
                s.currency,
                s.bank_name,
                s.bank_account,
                s.bank_swift,
                s.rating,
                s.notes,
                archived(s.archived),
                s.created_at,
              ];
            },
          );
        })(),
      };
    },

    managers(q: ManagerExportQuery): ExportTable {
      const { format: _f, ...filter } = q;
      return {
        name: 'Managers',
        headers: ['ID', 'Name', 'Email', 'Role', 'Office', 'Active', 'Clients'],
        pages: offsetPages(
          async (offset, limit) => (await services.managers.list({ ...filter, offset, limit })).data,
          (m): Cell[] =>
            'email' in m
              ? [
                  m.id,
                  m.name,
                  m.email,
                  m.role,
                  m.office?.title ?? null,
                  m.is_active ? 'Yes' : 'No',
                  m.clients_count,
                ]
              : [],
        ),
      };
    },

    services(q: ServiceExportQuery): ExportTable {
      const { format: _f, ...filter } = q;
      return {
        name: 'Services',
        headers: ['ID', 'Service type', 'Subtype', 'Name', 'Default account type', 'Archived'],
        pages: offsetPages(
          async (offset, limit) => (await services.services.list({ ...filter, offset, limit })).data,
          (s): Cell[] =>
            'version' in s
              ? [s.id, s.service_type, s.subtype, s.named, s.default_account_type, archived(s.archived)]
              : [],
        ),
      };
    },

    banks(q: BankExportQuery): ExportTable {
      const { format: _f, ...filter } = q;
      return {
        name: 'Banks',
        headers: [
          'ID',
          'Company',
          'Bank name',
          'Account name',
          'Account number',
          'SWIFT',
          'Currency',
          'Type',
          'Opening balance',
          'Notes',
          'Archived',
        ],
        pages: offsetPages(
          async (offset, limit) => (await services.banks.list({ ...filter, offset, limit })).data,
          (b): Cell[] =>
            'version' in b
              ? [
                  b.id,
                  b.company.code,
                  b.bank_name,
                  b.account_name,
                  b.account_number,
                  b.swift,
                  b.currency,
                  b.type,
                  b.opening_balance,
                  b.notes,
                  archived(b.archived),
                ]
              : [],
        ),
      };
    },

    companies(q: CompanyExportQuery): ExportTable {
      const { format: _f, ...filter } = q;
      return {
        name: 'Companies',
        headers: [
          'ID',
          'Code',
          'Name',
          'VAT number',
          'Registration number',
          'Address',
          'Base currency',
          'Invoice prefix',
          'Archived',
        ],
        pages: offsetPages(
          async (offset, limit) => (await services.companies.list({ ...filter, offset, limit })).data,
          (c): Cell[] =>
            'version' in c
              ? [
                  c.id,
                  c.code,
                  c.name,
                  c.vat_number,
                  c.registration_number,
                  c.address,
                  c.base_currency,
                  c.invoice_prefix,
                  archived(c.archived),
                ]
              : [],
        ),
      };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
