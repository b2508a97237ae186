import { type ListResult, MESSAGES, type Region, type RegionBody } from '@app/shared';
import type { Db } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { AppError, isForeignKeyViolation, isUniqueViolation } from '../../platform/errors.ts';
import { recordChange } from '../audit/audit.service.ts';
import { toRegion } from './rates.mappers.ts';
import { regionsRepository as repo } from './regions.repository.ts';

export const REGION_ENTITY = 'region';
const snapshot = (r: { title: string; ccy: string }) => ({ title: r.title, ccy: r.ccy });

const TITLE_TAKEN = () => AppError.fields({ title: [MESSAGES.unique] });
const NOT_FOUND = () => AppError.notFound('Region');

/** A business rule: the client gets `{errors: [{code: 'in_use', detail}]}` and toasts it under 'In use'. */
function inUse(title: string, users: number): AppError {
  const who = users === 1 ? '1 user' : `${users} users`;
  return new AppError(
    'IN_USE',
    `The region ${title} is the office of ${who}. Move them to another region first.`,
    { rule: true },
  );
}

export function createRegionsService({ db }: { db: Db }) {
  return {
    async list(q: {
      search?: string | undefined;
      limit: number;
      offset: number;
    }): Promise<ListResult<Region>> {
      const { rows, total } = await repo.list(db, q);
      return { data: rows.map(toRegion), meta: { total, limit: q.limit, offset: q.offset } };
    },

    async create(ctx: Ctx, body: RegionBody): Promise<Region> {
      try {
        return await db.transaction(async (tx) => {
          const row = await repo.insert(tx, body);
          await recordChange(tx, ctx, REGION_ENTITY, row.id, null, snapshot(row));
          return toRegion(row);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw TITLE_TAKEN();
        throw err;
      }
    },

    async update(ctx: Ctx, id: number, body: RegionBody): Promise<Region> {
      try {
        return await db.transaction(async (tx) => {
          const before = await repo.findById(tx, id);
          if (!before) throw NOT_FOUND();
          const row = (await repo.update(tx, id, body))!;
          await recordChange(tx, ctx, REGION_ENTITY, id, snapshot(before), snapshot(row));
          return toRegion(row);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw TITLE_TAKEN();
        throw err;
      }
    },

    /** A region that is some user's office stays: users must be moved first. */
    async delete(ctx: Ctx, id: number): Promise<void> {
      const row = await repo.findById(db, id);
      if (!row) throw NOT_FOUND();
      const users = await repo.countUsers(db, id);
      if (users > 0) throw inUse(row.title, users);
      try {
        await db.transaction(async (tx) => {
          if (!(await repo.delete(tx, id))) throw NOT_FOUND();
          await recordChange(tx, ctx, REGION_ENTITY, id, snapshot(row), null);
        });
      } catch (err) {
        // A user was given this office between the count and the delete.
        if (isForeignKeyViolation(err)) throw inUse(row.title, await repo.countUsers(db, id));
        throw err;
      }
    },
  };
}

export type RegionsService = ReturnType<typeof createRegionsService>;
