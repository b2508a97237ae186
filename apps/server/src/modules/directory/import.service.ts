import { setImmediate as yieldToOthers } from 'node:timers/promises';
import {
  CreateClientBodySchema,
  CreateSupplierBodySchema,
  IMPORT_PREVIEW_ROWS,
  type ImportArea,
  type ImportMapping,
  ImportMappingSchema,
  type ImportPreview,
  type ImportReport,
  MESSAGES,
} from '@app/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { AppError } from '../../platform/errors.ts';
import { fold, phoneWord, sortKey } from '../../platform/full-text-search.ts';
import { type ChangeEntry, recordChanges } from '../audit/audit.service.ts';
import { clientSearchColumns, clientSnapshot, toClient } from './clients.mappers.ts';
import { type ClientInsert, clientsRepository } from './clients.repository.ts';
import { CLIENT_ENTITY, clientColumns } from './clients.service.ts';
import { directoryRefsRepository } from './directory-refs.repository.ts';
import {
  currencyOf,
  dateOf,
  type FieldDef,
  genderOf,
  IMPORT_FIELDS,
  languageOf,
  listOf,
  membershipOf,
  ratingOf,
  suggestMapping,
  supplierTypeOf,
} from './import.fields.ts';
import { type ParsedFile, parseImportFile } from './import.parsers.ts';
import { servicesRepository } from './services.repository.ts';
import { supplierNameKey, supplierSearchColumns, supplierSnapshot, toSupplier } from './suppliers.mappers.ts';
import { type SupplierInsert, suppliersRepository } from './suppliers.repository.ts';
import { SUPPLIER_ENTITY, supplierColumns } from './suppliers.service.ts';

/**
 * Rows go in by batches, each in its own short transaction with a pause between them, so other
 * requests are served while a large file is imported.
 */
export const IMPORT_BATCH = 250;

type Cells = Record<string, string>;
type FieldErrors = Record<string, string[]>;

/** One area's import: how to turn a row into an API body and how to store a batch. */
interface Importer<Body> {
  fields: FieldDef[];
  /** The API body of a row, or the field errors it has. `refs` are the lookups made once per import. */
  toBody(cells: Cells, refs: Refs): { body?: Body; errors?: FieldErrors };
  /** What makes two rows the same record, and how to say it (null: nothing to compare by). */
  duplicate(body: Body): { key: string; what: string } | null;
  existingKeys(db: Db, keys: string[]): Promise<Set<string>>;
  /** Stores what does not collide; answers the duplicate keys of the rows that went in. */
  insertBatch(db: Db, ctx: Ctx, bodies: Body[], refs: Refs): Promise<Set<string>>;
}

interface Refs {
  managers: Map<string, { id: number; name: string }>;
  managersById: Map<number, { id: number; name: string }>;
  offices: Map<string, { id: number; title: string; ccy: string }>;
  officesById: Map<number, { id: number; title: string; ccy: string }>;
  services: Map<string, { id: number; named: string }>;
  servicesById: Map<number, { id: number; named: string }>;
}

async function loadRefs(db: Db): Promise<Refs> {
  const [managers, offices, services] = await Promise.all([
    directoryRefsRepository.usersOfRole(db, 'FO'),
    directoryRefsRepository.regionsAll(db),
    servicesRepository.all(db),
  ]);
  const refs: Refs = {
    managers: new Map(),
    managersById: new Map(),
    offices: new Map(),
    officesById: new Map(),
    services: new Map(),
    servicesById: new Map(),
  };
  for (const m of managers) {
    const ref = { id: m.id, name: m.name };
    refs.managers.set(fold(m.name), ref);
    refs.managers.set(fold(m.email), ref);
    refs.managersById.set(m.id, ref);
  }
  for (const o of offices) {
    refs.offices.set(fold(o.title), o);
    refs.officesById.set(o.id, o);
  }
  for (const s of services.filter((x) => x.archived_at === null)) {
    refs.services.set(fold(s.named), { id: s.id, named: s.named });
    refs.servicesById.set(s.id, { id: s.id, named: s.named });
  }
  return refs;
}

/** zod issues as `{field: [messages]}`, keyed by the import's field names. */
function issuesToErrors(issues: z.core.$ZodIssue[], rename: Record<string, string> = {}): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const raw = String(issue.path[0] ?? 'detail');
    const field = rename[raw] ?? raw;
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
}

/** Empty cells are left out, so the API's defaults and "Required field" apply. */
function present(cells: Cells): Cells {
  return Object.fromEntries(Object.entries(cells).filter(([, v]) => v !== ''));
}

type ClientBody = z.output<typeof CreateClientBodySchema>;
type SupplierBody = z.output<typeof CreateSupplierBodySchema>;

/**
 * Clients are the same person when they share an email; without one, when they share their
 * name and birthday, or their name and phone number.
 */
function clientDuplicate(c: {
  first_name: string;
  last_name: string;
  email?: string | null;
  birthday?: string | null;
  phone?: string | null;
}) {
  if (c.email) return { key: `email:${c.email}`, what: 'email' };
  const name = sortKey(c.last_name, c.first_name);
  if (c.birthday) return { key: `birthday:${name}|${c.birthday}`, what: 'name and birthday' };
  const phone = phoneWord(c.phone);
  if (phone) return { key: `phone:${name}|${phone}`, what: 'name and phone' };
  return null;
}

const clientImporter: Importer<ClientBody> = {
  fields: IMPORT_FIELDS.clients,
  toBody(raw, refs) {
    const c = present(raw);
    const errors: FieldErrors = {};
    let fo_manager_id: number | undefined;
    if (c.fo_manager) {
      const m = refs.managers.get(fold(c.fo_manager));
      if (m) fo_manager_id = m.id;
      else errors.fo_manager = [MESSAGES.invalidValue];
    }
    let office_id: number | undefined;
    if (c.office) {
      const o = refs.offices.get(fold(c.office));
      if (o) office_id = o.id;
      else errors.office = [MESSAGES.invalidValue];
    }
    const input = {
      ...c,
      fo_manager: undefined,
      office: undefined,
      ...(c.gender && { gender: genderOf(c.gender) }),
      ...(c.language && { language: languageOf(c.language) }),
      ...(c.membership && { membership: membershipOf(c.membership) }),
      ...(c.rating && { rating: ratingOf(c.rating) }),
      ...(c.birthday && { birthday: dateOf(c.birthday) }),
      ...(c.passport_expiry && { passport_expiry: dateOf(c.passport_expiry) }),
      ...(c.membership_start && { membership_start: dateOf(c.membership_start) }),
      ...(c.membership_end && { membership_end: dateOf(c.membership_end) }),
      ...(fo_manager_id && { fo_manager_id }),
      ...(office_id && { office_id }),
    };
    delete input.fo_manager;
    delete input.office;
    const parsed = CreateClientBodySchema.safeParse(input);
    if (!parsed.success)
      Object.assign(
        errors,
        issuesToErrors(parsed.error.issues, { fo_manager_id: 'fo_manager', office_id: 'office' }),
      );
    return Object.keys(errors).length ? { errors } : { body: parsed.data! };
  },
  duplicate: clientDuplicate,
  async existingKeys(db, keys) {
    const emails = keys.filter((k) => k.startsWith('email:')).map((k) => k.slice('email:'.length));
    const names = [
      ...new Set(
        keys.filter((k) => !k.startsWith('email:')).map((k) => k.slice(k.indexOf(':') + 1, k.indexOf('|'))),
      ),
    ];
    const [takenEmails, people] = await Promise.all([
      clientsRepository.existingEmails(db, emails),
      clientsRepository.findBySortNames(db, names),
    ]);
    const found = new Set([...takenEmails].map((e) => `email:${e}`));
    for (const p of people) {
      const name = sortKey(p.last_name, p.first_name);
      if (p.birthday) found.add(`birthday:${name}|${p.birthday}`);
      if (phoneWord(p.phone)) found.add(`phone:${name}|${phoneWord(p.phone)}`);
    }
    return found;
  },
  async insertBatch(db, ctx, bodies, refs) {
    return db.transaction(async (tx) => {
      const values = bodies.map((b) => {
        const columns = clientColumns(b) as ClientInsert;
        return { ...columns, ...clientSearchColumns(columns) };
      });
      const inserted = await clientsRepository.insertManySkippingDuplicates(tx, values);
      const entries: ChangeEntry[] = inserted.map((row) => ({
        entity: CLIENT_ENTITY,
        id: row.id,
        before: null,
        after: clientSnapshot(
          toClient({
            ...row,
            fo_manager: row.fo_manager_id ? (refs.managersById.get(row.fo_manager_id) ?? null) : null,
            office: row.region_id ? (refs.officesById.get(row.region_id) ?? null) : null,
          }),
        ),
        action: 'import',
      }));
      await recordChanges(tx, ctx, entries);
      return new Set(
        inserted.map((r) => clientDuplicate(r)?.key).filter((k): k is string => k !== undefined),
      );
    });
  },
};

const supplierImporter: Importer<SupplierBody> = {
  fields: IMPORT_FIELDS.suppliers,
  toBody(raw, refs) {
    const c = present(raw);
    const errors: FieldErrors = {};
    const serviceIds: number[] = [];
    for (const name of c.services ? listOf(c.services) : []) {
      const s = refs.services.get(fold(name));
      if (s) {
        if (!serviceIds.includes(s.id)) serviceIds.push(s.id);
      } else errors.services = [`${MESSAGES.invalidValue}: ${name}`];
    }
    const input: Record<string, unknown> = {
      ...c,
      ...(c.type && { type: supplierTypeOf(c.type) }),
      ...(c.currency && { currency: currencyOf(c.currency) }),
      ...(c.rating && { rating: ratingOf(c.rating) }),
      tags: c.tags ? [...new Map(listOf(c.tags).map((t) => [t.toLowerCase(), t])).values()] : undefined,
      service_ids: serviceIds.length ? serviceIds : undefined,
    };
    delete input.services;
    const parsed = CreateSupplierBodySchema.safeParse(input);
    if (!parsed.success)
      Object.assign(errors, issuesToErrors(parsed.error.issues, { service_ids: 'services' }));
    return Object.keys(errors).length ? { errors } : { body: parsed.data! };
  },
  duplicate: (body) => ({ key: supplierNameKey(body.name), what: 'name' }),
  existingKeys: (db, keys) => suppliersRepository.existingNameKeys(db, keys),
  async insertBatch(db, ctx, bodies, refs) {
    return db.transaction(async (tx) => {
      const values = bodies.map((b) => {
        const { service_ids: _s, ...fields } = b;
        const columns = supplierColumns(fields) as SupplierInsert;
        return { ...columns, ...supplierSearchColumns(columns) };
      });
      const inserted = await suppliersRepository.insertManySkippingDuplicates(tx, values);
      const servicesByKey = new Map(bodies.map((b) => [supplierNameKey(b.name), b.service_ids ?? []]));
      await suppliersRepository.addServices(
        tx,
        inserted.flatMap((row) =>
          (servicesByKey.get(row.name_key) ?? []).map((service_id) => ({ supplier_id: row.id, service_id })),
        ),
      );
      const entries: ChangeEntry[] = inserted.map((row) => ({
        entity: SUPPLIER_ENTITY,
        id: row.id,
        before: null,
        after: supplierSnapshot(
          toSupplier({
            ...row,
            services: (servicesByKey.get(row.name_key) ?? [])
              .map((id) => refs.servicesById.get(id)!)
              .filter(Boolean),
          }),
        ),
        action: 'import',
      }));
      await recordChanges(tx, ctx, entries);
      return new Set(inserted.map((r) => r.name_key));
    });
  },
};

const IMPORTERS: { clients: Importer<ClientBody>; suppliers: Importer<SupplierBody> } = {
  clients: clientImporter,
  suppliers: supplierImporter,
};

/** The mapping a person chose, checked against the file and the fields. */
function checkMapping(fields: FieldDef[], file: ParsedFile, raw: unknown): ImportMapping {
  const parsed = ImportMappingSchema.safeParse(raw);
  if (!parsed.success) throw AppError.fields({ mapping: [MESSAGES.invalidValue] });
  const mapping = parsed.data;
  const errors: FieldErrors = {};
  for (const [field, column] of Object.entries(mapping)) {
    if (!fields.some((f) => f.name === field)) errors[field] = [`Unknown field: ${field}`];
    else if (column !== null && !file.columns.includes(column))
      errors[field] = [`No column "${column}" in the file`];
  }
  for (const f of fields) if (f.required && !mapping[f.name]) errors[f.name] ??= [MESSAGES.required];
  if (Object.keys(errors).length) throw AppError.fields(errors);
  return mapping;
}

export function createImportService({ db }: { db: Db }) {
  return {
    async preview(area: ImportArea, fileName: string, data: Buffer): Promise<ImportPreview> {
      const file = await parseImportFile(fileName, data);
      const fields = IMPORT_FIELDS[area];
      return {
        file_name: fileName,
        format: file.format,
        columns: file.columns,
        total_rows: file.rows.length,
        rows: file.rows.slice(0, IMPORT_PREVIEW_ROWS).map((r) => r.cells),
        fields: fields.map(({ name, label, required }) => ({ name, label, required })),
        suggested_mapping: suggestMapping(fields, file.columns),
      };
    },

    /** Validates every row with the API's schemas, skips duplicates (in the file and in the directory) and stores the rest. */
    async commit(
      ctx: Ctx,
      area: ImportArea,
      fileName: string,
      data: Buffer,
      rawMapping: unknown,
    ): Promise<ImportReport> {
      const importer = IMPORTERS[area] as Importer<ClientBody | SupplierBody>;
      const file = await parseImportFile(fileName, data);
      const mapping = checkMapping(
        importer.fields,
        file,
        rawMapping ?? suggestMapping(importer.fields, file.columns),
      );
      const columnIndex = Object.entries(mapping)
        .filter((e): e is [string, string] => e[1] !== null)
        .map(([field, column]) => [field, file.columns.indexOf(column)] as const);
      const refs = await loadRefs(db);
      const report: ImportReport = {
        total_rows: file.rows.length,
        imported: 0,
        skipped_duplicates: [],
        refused: [],
      };
      const firstRowOf = new Map<string, number>();

      for (let start = 0; start < file.rows.length; start += IMPORT_BATCH) {
        const batch: Array<{
          row: number;
          body: ClientBody | SupplierBody;
          key: string | null;
          what: string;
        }> = [];
        for (const { row, cells } of file.rows.slice(start, start + IMPORT_BATCH)) {
          const values: Cells = Object.fromEntries(columnIndex.map(([field, i]) => [field, cells[i] ?? '']));
          const { body, errors } = importer.toBody(values, refs);
          if (!body) {
            report.refused.push({ row, errors: errors ?? {} });
            continue;
          }
          const dup = importer.duplicate(body);
          const key = dup?.key ?? null;
          const what = dup?.what ?? '';
          const earlier = key !== null ? firstRowOf.get(key) : undefined;
          if (earlier !== undefined) {
            report.skipped_duplicates.push({ row, reason: `Same ${what} as row ${earlier}` });
            continue;
          }
          if (key !== null) firstRowOf.set(key, row);
          batch.push({ row, body, key, what });
        }
        const existing = await importer.existingKeys(
          db,
          batch.map((b) => b.key).filter((k): k is string => k !== null),
        );
        const fresh = batch.filter((b) => {
          if (b.key === null || !existing.has(b.key)) return true;
          report.skipped_duplicates.push({
            row: b.row,
            reason: `A record with this ${b.what} is already in the directory`,
          });
          return false;
        });
        const stored = await importer.insertBatch(
          db,
          ctx,
          fresh.map((b) => b.body),
          refs,
        );
        for (const b of fresh) {
          // Created by someone else between the check and the insert: still a duplicate, still skipped.
          if (b.key !== null && !stored.has(b.key)) {
            report.skipped_duplicates.push({
              row: b.row,
              reason: `A record with this ${b.what} is already in the directory`,
            });
          } else report.imported++;
        }
        await yieldToOthers();
      }
      report.skipped_duplicates.sort((a, b) => a.row - b.row);
      // No ANALYZE here: PostgreSQL's autovacuum refreshes the statistics, and on PGlite it would
      // hold the only connection (and the event loop) for a second or more.
      return report;
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
