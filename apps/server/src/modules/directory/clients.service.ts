import type {
  Client,
  ClientFilter,
  ClientItem,
  ClientListQuery,
  CreateClientBody,
  DirectoryListResult,
  UpdateClientBody,
} from '@app/shared';
import { MESSAGES, minDateMessage } from '@app/shared';
import type { Db, Executor } from '../../db/client.ts';
import { recordChange } from '../../platform/audit/audit.service.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import {
  AppError,
  type FieldErrors,
  isForeignKeyViolation,
  isUniqueViolation,
} from '../../platform/errors.ts';
import { clientSearchColumns, clientSnapshot, toClient, toClientItem } from './clients.mappers.ts';
import { type ClientInsert, type ClientRow, clientsRepository } from './clients.repository.ts';
import { directoryRefsRepository } from './directory-refs.repository.ts';
import { pickerPage } from './list-query.utils.ts';

export const CLIENT_ENTITY = 'client';
const EMAIL_TAKEN = () => AppError.fields({ email: [MESSAGES.unique] });

/** Blank optional text is stored as null, so "no value" has one spelling. */
const blank = <T>(v: T | '' | undefined): T | null | undefined => (v === '' ? null : v);

/** Request fields to columns; only the fields present in `body` (an update sends some). */
export function clientColumns(body: Partial<CreateClientBody>): Partial<ClientInsert> {
  const out: Partial<ClientInsert> = {};
  const set = <K extends keyof ClientInsert>(key: K, value: ClientInsert[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  set('first_name', body.first_name);
  set('last_name', body.last_name);
  set('email', blank(body.email));
  set('phone', blank(body.phone));
  set('phone_alt', blank(body.phone_alt));
  set('gender', body.gender);
  set('language', body.language);
  set('birthday', body.birthday);
  set('nationality', blank(body.nationality));
  set('passport_number', blank(body.passport_number));
  set('passport_expiry', body.passport_expiry);
  set('address', blank(body.address));
  set('city', blank(body.city));
  set('country', blank(body.country));
  set('membership', body.membership);
  set('membership_start', body.membership_start);
  set('membership_end', body.membership_end);
  set('rating', body.rating);
  set('fo_manager_id', body.fo_manager_id);
  set('region_id', body.office_id);
  set('notes', blank(body.notes));
  return out;
}

function filterOf(q: ClientListQuery): ClientFilter {
  const { limit: _l, offset: _o, list: _li, item: _it, exclude: _e, id: _id, ...filter } = q;
  return filter;
}

export function createClientsService({ db }: { db: Db }) {
  async function load(ex: Executor, id: number) {
    const row = await clientsRepository.findById(ex, id);
    if (!row) throw AppError.notFound('Client');
    return row;
  }

  /** The FO manager must be a user with the FO role; the office an existing region. */
  async function checkRefs(ex: Executor, body: { fo_manager_id?: number | null; office_id?: number | null }) {
    const errors: FieldErrors = {};
    if (
      body.fo_manager_id != null &&
      (await directoryRefsRepository.userRole(ex, body.fo_manager_id)) !== 'FO'
    ) {
      errors.fo_manager_id = [MESSAGES.invalidValue];
    }
    if (body.office_id != null && !(await directoryRefsRepository.regionExists(ex, body.office_id))) {
      errors.office_id = [MESSAGES.invalidValue];
    }
    if (Object.keys(errors).length) throw AppError.fields(errors);
  }

  function dbError(error: unknown): never {
    if (isUniqueViolation(error, 'clients_email_key')) throw EMAIL_TAKEN();
    if (isForeignKeyViolation(error)) throw AppError.fields({ detail: [MESSAGES.invalidValue] });
    throw error;
  }

  return {
    async list(query: ClientListQuery): Promise<DirectoryListResult<Client | ClientItem>> {
      const filter = filterOf(query);
      const fns = {
        exact: (search: string) => clientsRepository.findExact(db, search, filter, query.limit),
        page: () =>
          clientsRepository.page(db, {
            filter,
            exclude: query.exclude,
            limit: query.limit,
            offset: query.offset,
          }),
      };
      const meta = (total: number, estimated: boolean) => ({
        total,
        limit: query.limit,
        offset: query.offset,
        total_estimated: estimated,
      });
      if (query.list) {
        const r = await pickerPage(query, {
          ...fns,
          load: (ids) => clientsRepository.findItemsByIds(db, ids),
        });
        return { data: r.rows.map(toClientItem), meta: meta(r.total, r.estimated) };
      }
      const r = await pickerPage(query, { ...fns, load: (ids) => clientsRepository.findByIds(db, ids) });
      return { data: r.rows.map(toClient), meta: meta(r.total, r.estimated) };
    },

    async get(id: number): Promise<Client> {
      return toClient(await load(db, id));
    },

    async create(ctx: Ctx, body: CreateClientBody): Promise<Client> {
      await checkRefs(db, body);
      if (body.email && (await clientsRepository.emailTaken(db, body.email))) throw EMAIL_TAKEN();
      const columns = clientColumns(body) as ClientInsert;
      try {
        return await db.transaction(async (tx) => {
          const row = await clientsRepository.insert(tx, { ...columns, ...clientSearchColumns(columns) });
          const client = toClient(await load(tx, row.id));
          await recordChange(tx, ctx, CLIENT_ENTITY, row.id, null, clientSnapshot(client));
          return client;
        });
      } catch (error) {
        dbError(error);
      }
    },

    async update(ctx: Ctx, id: number, body: UpdateClientBody): Promise<Client> {
      const { version, ...fields } = body;
      await checkRefs(db, fields);
      if (fields.email && (await clientsRepository.emailTaken(db, fields.email, id))) throw EMAIL_TAKEN();
      try {
        return await db.transaction(async (tx) => {
          const current = await clientsRepository.findForUpdate(tx, id);
          if (!current) throw AppError.notFound('Client');
          if (current.version !== version) throw AppError.stale();
          const start =
            fields.membership_start !== undefined ? fields.membership_start : current.membership_start;
          const end = fields.membership_end !== undefined ? fields.membership_end : current.membership_end;
          if (start && end && end < start) throw AppError.fields({ membership_end: [minDateMessage(start)] });
          const before = toClient(await load(tx, id));
          const columns = clientColumns(fields);
          const merged: ClientRow = { ...current, ...columns } as ClientRow;
          const updated = await clientsRepository.updateVersioned(tx, id, version, {
            ...columns,
            ...clientSearchColumns(merged),
          });
          if (!updated) throw AppError.stale();
          const after = toClient(await load(tx, id));
          await recordChange(tx, ctx, CLIENT_ENTITY, id, clientSnapshot(before), clientSnapshot(after));
          return after;
        });
      } catch (error) {
        dbError(error);
      }
    },

    /** Archived clients leave the pickers and lists but keep their record and history. */
    async setArchived(ctx: Ctx, id: number, archived: boolean): Promise<Client> {
      return db.transaction(async (tx) => {
        const current = await clientsRepository.findForUpdate(tx, id);
        if (!current) throw AppError.notFound('Client');
        if ((current.archived_at !== null) === archived) return toClient(await load(tx, id));
        const before = toClient(await load(tx, id));
        await clientsRepository.setArchived(tx, id, archived ? new Date() : null);
        const after = toClient(await load(tx, id));
        await recordChange(
          tx,
          ctx,
          CLIENT_ENTITY,
          id,
          clientSnapshot(before),
          clientSnapshot(after),
          archived ? 'archive' : 'unarchive',
        );
        return after;
      });
    },
  };
}

export type ClientsService = ReturnType<typeof createClientsService>;
