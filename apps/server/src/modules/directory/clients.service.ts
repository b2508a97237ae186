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
import type { Ctx } from '../../platform/auth-user.ts';
import { blank, presentOnly } from '../../platform/column-values.ts';
import {
  AppError,
  type FieldErrors,
  isForeignKeyViolation,
  isUniqueViolation,
} from '../../platform/errors.ts';
import { filterOf, searchableList } from '../../platform/list-query/picker.ts';
import { auditedRecords } from '../audit/audited-records.utils.ts';
import { clientSearchColumns, clientSnapshot, toClient, toClientItem } from './clients.mappers.ts';
import { type ClientInsert, type ClientRow, clientsRepository } from './clients.repository.ts';
import { directoryRefsRepository } from './directory-refs.repository.ts';

export const CLIENT_ENTITY = 'client';
const EMAIL_TAKEN = () => AppError.fields({ email: [MESSAGES.unique] });

/** Request fields to columns; only the fields present in `body` (an update sends some). */
export function clientColumns(body: Partial<CreateClientBody>): Partial<ClientInsert> {
  return presentOnly({
    first_name: body.first_name,
    last_name: body.last_name,
    email: blank(body.email),
    phone: blank(body.phone),
    phone_alt: blank(body.phone_alt),
    gender: body.gender,
    language: body.language,
    birthday: body.birthday,
    nationality: blank(body.nationality),
    passport_number: blank(body.passport_number),
    passport_expiry: body.passport_expiry,
    address: blank(body.address),
    city: blank(body.city),
    country: blank(body.country),
    membership: body.membership,
    membership_start: body.membership_start,
    membership_end: body.membership_end,
    rating: body.rating,
    fo_manager_id: body.fo_manager_id,
    region_id: body.office_id,
    payment_terms_days: body.payment_terms_days,
    notes: blank(body.notes),
  });
}

export function createClientsService({ db }: { db: Db }) {
  async function load(ex: Executor, id: number) {
    const row = await clientsRepository.findById(ex, id);
    if (!row) throw AppError.notFound('Client');
    return row;
  }

  /**
   * A newly set FO manager must be an active user with the FO role; the office an existing region.
   * An update that keeps the manager the client already has (`current`) passes, deactivated or not.
   */
  async function checkRefs(
    ex: Executor,
    body: { fo_manager_id?: number | null; office_id?: number | null },
    current?: ClientRow,
  ) {
    const errors: FieldErrors = {};
    if (body.fo_manager_id != null && body.fo_manager_id !== current?.fo_manager_id) {
      const user = await directoryRefsRepository.user(ex, body.fo_manager_id);
      if (user?.role !== 'FO' || !user.is_active) errors.fo_manager_id = [MESSAGES.invalidValue];
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

  const records = auditedRecords<ClientRow, Client>(db, {
    entity: CLIENT_ENTITY,
    label: 'Client',
    repository: clientsRepository,
    view: async (ex, row) => toClient(await load(ex, row.id)),
    snapshot: clientSnapshot,
  });

  return {
    list(query: ClientListQuery): Promise<DirectoryListResult<Client | ClientItem>> {
      const filter: ClientFilter = filterOf(query);
      return searchableList(query, {
        exact: (search) => clientsRepository.findExact(db, search, query.limit),
        page: () => clientsRepository.page(db, { ...query, filter }),
        items: { load: (ids) => clientsRepository.findItemsByIds(db, ids), map: toClientItem },
        full: { load: (ids) => clientsRepository.findByIds(db, ids), map: toClient },
      });
    },

    /** The best matches among the clients not archived, by name, as picker items (the header search). */
    async bestMatches(search: string, limit: number): Promise<ClientItem[]> {
      const filter: ClientFilter = { search, archived: 'exclude', ordering: 'name' };
      const page = await clientsRepository.page(db, { filter, limit, offset: 0 });
      return (await clientsRepository.findItemsByIds(db, page.ids)).map(toClientItem);
    },

    async get(id: number): Promise<Client> {
      return toClient(await load(db, id));
    },

    async create(ctx: Ctx, body: CreateClientBody): Promise<Client> {
      await checkRefs(db, body);
      if (body.email && (await clientsRepository.emailTaken(db, body.email))) throw EMAIL_TAKEN();
      const columns = clientColumns(body) as ClientInsert;
      try {
        return await records.create(ctx, (tx) =>
          clientsRepository.insert(tx, { ...columns, ...clientSearchColumns(columns) }),
        );
      } catch (error) {
        dbError(error);
      }
    },

    async update(ctx: Ctx, id: number, body: UpdateClientBody): Promise<Client> {
      const { version, ...fields } = body;
      if (fields.email && (await clientsRepository.emailTaken(db, fields.email, id))) throw EMAIL_TAKEN();
      try {
        return await records.update(ctx, id, version, async (tx, current) => {
          await checkRefs(tx, fields, current);
          const start =
            fields.membership_start !== undefined ? fields.membership_start : current.membership_start;
          const end = fields.membership_end !== undefined ? fields.membership_end : current.membership_end;
          if (start && end && end < start) throw AppError.fields({ membership_end: [minDateMessage(start)] });
          const columns = clientColumns(fields);
          const merged: ClientRow = { ...current, ...columns } as ClientRow;
          return clientsRepository.updateVersioned(tx, id, version, {
            ...columns,
            ...clientSearchColumns(merged),
          });
        });
      } catch (error) {
        dbError(error);
      }
    },

    /** Archived clients leave the pickers and lists but keep their record and history. */
    setArchived: records.setArchived,
  };
}

export type ClientsService = ReturnType<typeof createClientsService>;
