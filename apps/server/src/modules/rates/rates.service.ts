import {
  buyKey,
  type CreateExchangeRateBody,
  type CreateRateSetBody,
  CURRENCY_TITLES,
  type CurrencyCode,
  type CurrencyRecord,
  type CurrentRates,
  findRate,
  inverseRecordValues,
  type ListResult,
  PAIR_REFS,
  pairDirection,
  pairValuesFromEntries,
  RATE_CURRENCIES,
  RATES_MESSAGES,
  type RateRecord,
  type RateSet,
  type RateSetListQuery,
  type RateSide,
  type ResolvedRate,
  sellKey,
  type UpdateExchangeRateBody,
} from '@app/shared';
import type { Db, Tx } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { AppError } from '../../platform/errors.ts';
import { withLedgerOfRateSet } from '../accounting/sales-ledger.sync.ts';
import { recordChange } from '../audit/audit.service.ts';
import { asStored, toNewRows, toRateRecord, toRateSet } from './rates.mappers.ts';
import { type RateRow, type RateSetRow, ratesRepository as repo } from './rates.repository.ts';

export interface RatesServiceDeps {
  db: Db;
  /** The time a new set is stamped with; tests pass their own. */
  clock?: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days are UTC days: `YYYY-MM-DD` covers [00:00, next 00:00) UTC. */
const startOfDay = (date: string): Date => new Date(`${date}T00:00:00.000Z`);
const endOfDay = (date: string): Date => new Date(startOfDay(date).getTime() + DAY_MS);

/** Audit entities of this module (who changed which rate, when, from what to what). */
export const RATE_SET_ENTITY = 'rate_set';
export const EXCHANGE_RATE_ENTITY = 'exchange_rate';

const rateSnapshot = (
  r: Pick<RateRow, 'original_currency' | 'target_currency' | 'rate' | 'rate_sell' | 'rate_buy'>,
) => ({
  pair: `${r.original_currency}/${r.target_currency}`,
  rate: r.rate,
  rate_sell: r.rate_sell,
  rate_buy: r.rate_buy,
});

const RATE_NOT_FOUND = () => new AppError('NOT_FOUND', RATES_MESSAGES.rateNotFound);
const RECORD_NOT_FOUND = () => AppError.notFound('Exchange rate');
/** A business rule, so the client gets `{errors: [{code, detail}]}`. */
const NO_RATE_SET = () => new AppError('NO_RATE_SET', RATES_MESSAGES.noRateSet, { rule: true });

export function createRatesService({ db, clock = () => new Date() }: RatesServiceDeps) {
  async function withRates(set: RateSetRow): Promise<RateSet> {
    return toRateSet(set, await repo.listRatesOfSets(db, [set.id]));
  }

  /** The set in force at the end of the day (UTC), or the newest set without a day. */
  async function setInForce(date?: string): Promise<RateSet | null> {
    const set = await repo.findNewestSet(db, date ? endOfDay(date) : undefined);
    return set ? withRates(set) : null;
  }

  /**
   * Stores a new set in one transaction, behind the rate-set lock: the values are read (from the
   * newest set, for POST /exchange-rates/) and the set is stamped only once the lock is held, so
   * concurrent writers each build on the one before and created_at follows the order they commit.
   */
  async function insertSet(
    ctx: Ctx,
    valuesOf: (tx: Tx) => Record<string, string> | Promise<Record<string, string>>,
  ): Promise<RateSet> {
    const id = await db.transaction(async (tx) => {
      await repo.lockRateSets(tx);
      const values = await valuesOf(tx);
      const createdAt = clock();
      const rows = toNewRows(values);
      const setId = await repo.insertSet(tx, { created_at: createdAt, created_by: ctx.user.id }, rows);
      // the set's sell and buy per pair; the inverses follow from them
      await recordChange(tx, ctx, RATE_SET_ENTITY, setId, null, { created_at: createdAt, ...values });
      return setId;
    });
    const set = await repo.findSetById(db, id);
    return withRates(set!);
  }

  return {
    /** Writes the currency rows from the shared list; safe to run on every start, by every process. */
    async syncCurrencies(): Promise<void> {
      await repo.upsertCurrencies(
        db,
        RATE_CURRENCIES.map((named) => ({ named, title: CURRENCY_TITLES[named] })),
      );
    },

    async listCurrencies(search?: string): Promise<CurrencyRecord[]> {
      const rows = await repo.listCurrencies(db, search);
      return rows.map((r) => ({ id: r.id, named: r.named as CurrencyCode, title: r.title }));
    },

    async listSets(q: RateSetListQuery): Promise<ListResult<RateSet>> {
      const from = q.date_from ? startOfDay(q.date_from) : undefined;
      const before = q.date_to ? endOfDay(q.date_to) : undefined;
      if (from && before && from >= before)
        throw AppError.fields({ date_to: ['Must not be before date_from'] });
      const { rows, total } = await repo.listSets(db, {
        from,
        before,
        newestFirst: q.ordering === '-created_at',
        limit: q.limit,
        offset: q.offset,
      });
      const rates = await repo.listRatesOfSets(
        db,
        rows.map((r) => r.id),
      );
      return {
        data: rows.map((set) => toRateSet(set, rates)),
        meta: { total, limit: q.limit, offset: q.offset },
      };
    },

    /** POST /rates/: the dialog's twelve entries (validated by the contract) become one set. */
    createSet(ctx: Ctx, body: CreateRateSetBody): Promise<RateSet> {
      return insertSet(ctx, () => pairValuesFromEntries(body));
    },

    async current(): Promise<CurrentRates | null> {
      const set = await setInForce();
      return set ? { ...set, pairs: PAIR_REFS } : null;
    },

    onDate: (date: string): Promise<RateSet | null> => setInForce(date),

    /** The rate from a to b in the set in force (DOMAIN.md lookup order); 404 when there is none. */
    async pairRate(
      a: CurrencyCode,
      b: CurrencyCode,
      q: { date?: string | undefined; side: RateSide },
    ): Promise<ResolvedRate> {
      const refs = { original_currency: { named: a }, target_currency: { named: b }, side: q.side };
      if (a === b) return { ...refs, rate: '1', route: 'same', rate_set_id: null, created_at: null };
      const set = await setInForce(q.date);
      const found = set ? findRate(set.rates, a, b, q.side) : null;
      if (!set || !found) throw RATE_NOT_FOUND();
      return {
        ...refs,
        rate: found.rate,
        route: found.route,
        rate_set_id: set.id,
        created_at: set.created_at,
      };
    },

    /** The newest stored record of exactly this pair on or before the day (today without one). */
    async lastRate(q: {
      original_currency: CurrencyCode;
      target_currency: CurrencyCode;
      date?: string | undefined;
    }): Promise<RateRecord | null> {
      const before = q.date ? endOfDay(q.date) : new Date(clock().getTime() + 1);
      const row = await repo.findLastRecordOfPair(db, q.original_currency, q.target_currency, before);
      return row ? toRateRecord(row) : null;
    },

    /**
     * POST /exchange-rates/: a new rate for one pair, in force from now. Sets are the unit of
     * history, so this stores a new set: the newest set's other pairs unchanged, this pair new.
     * The newest set is read inside the transaction, behind the rate-set lock, so two of these at
     * once for different pairs both survive. Without any set there is nothing to keep the other
     * pairs from: refused, rather than storing a set of one pair.
     */
    async createRate(ctx: Ctx, body: CreateExchangeRateBody): Promise<RateRecord> {
      const from = body.original_currency.named;
      const to = body.target_currency.named;
      const set = await insertSet(ctx, async (tx) => {
        const newest = await repo.findNewestSet(tx);
        if (!newest) throw NO_RATE_SET();
        const values = pairValuesFromEntries(
          toRateSet(newest, await repo.listRatesOfSets(tx, [newest.id])).rates,
        );
        values[sellKey(from, to)] = body.rate_sell;
        values[buyKey(from, to)] = body.rate_buy;
        return values;
      });
      return set.rates.find((r) => r.original_currency.named === from && r.target_currency.named === to)!;
    },

    /**
     * PATCH /exchange-rates/{id}/: corrects the sell and buy of a direct record in place, and
     * re-derives its inverse in the same set. Inverse records cannot be written directly.
     */
    async updateRate(ctx: Ctx, id: number, body: UpdateExchangeRateBody): Promise<RateRecord> {
      if (body.id !== id) throw AppError.fields({ id: ['Must match the id in the path'] });
      return db.transaction(async (tx) => {
        // a correction of the newest set must not slip between a new rate's read and its insert
        await repo.lockRateSets(tx);
        // the sales ledger values documents with the set they are stamped with: it follows, unless
        // that would move a document of a closed month
        const setId = (await repo.findRateById(tx, id))?.rate_set_id;
        return setId === undefined ? correct(tx) : withLedgerOfRateSet(tx, setId, () => correct(tx));
      });

      async function correct(tx: Tx): Promise<RateRecord> {
        const row = await repo.findRateForUpdate(tx, id);
        if (!row) throw RECORD_NOT_FOUND();
        if (
          body.original_currency.named !== row.original_currency ||
          body.target_currency.named !== row.target_currency
        ) {
          throw AppError.fields({
            target_currency: ['The pair of a record cannot change; create a new rate for the other pair'],
          });
        }
        if (body.rate_set_id !== undefined && body.rate_set_id !== row.rate_set_id) {
          throw AppError.fields({ rate_set_id: ['Must match the record'] });
        }
        if (pairDirection(row.original_currency, row.target_currency) !== 'direct') {
          throw new AppError(
            'RATE_DERIVED',
            `${row.original_currency} / ${row.target_currency} is the inverse of ${row.target_currency} / ${row.original_currency}: correct that pair and this one follows.`,
            { rule: true },
          );
        }
        const stamp = { updated_at: clock(), updated_by: ctx.user.id };
        const updated = await repo.updateRate(tx, id, {
          rate: asStored(body.rate_sell),
          rate_sell: asStored(body.rate_sell),
          rate_buy: asStored(body.rate_buy),
          ...stamp,
        });
        const inverse = await repo.findPairInSet(
          tx,
          row.rate_set_id,
          row.target_currency,
          row.original_currency,
        );
        const derived = inverseRecordValues(body.rate_sell, body.rate_buy)!;
        await recordChange(tx, ctx, EXCHANGE_RATE_ENTITY, id, rateSnapshot(row), rateSnapshot(updated));
        if (inverse) {
          const inverseAfter = await repo.updateRate(tx, inverse.id, {
            rate: asStored(derived.rate),
            rate_sell: asStored(derived.rate_sell),
            rate_buy: asStored(derived.rate_buy),
            ...stamp,
          });
          await recordChange(
            tx,
            ctx,
            EXCHANGE_RATE_ENTITY,
            inverse.id,
            rateSnapshot(inverse),
            rateSnapshot(inverseAfter),
          );
        }
        return toRateRecord(updated);
      }
    },

    /**
     * DELETE /exchange-rates/{id}/: removes the pair from its set, the record and its inverse
     * together (one without the other would contradict it). A set left empty goes too.
     */
    async deleteRate(ctx: Ctx, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        await repo.lockRateSets(tx);
        // the ledger's rows valued with the set follow; one it can no longer value, or one of a
        // closed month it would move, refuses this
        const setId = (await repo.findRateById(tx, id))?.rate_set_id;
        await (setId === undefined ? remove(tx) : withLedgerOfRateSet(tx, setId, () => remove(tx)));
      });

      async function remove(tx: Tx): Promise<void> {
        const row = await repo.findRateForUpdate(tx, id);
        if (!row) throw RECORD_NOT_FOUND();
        const counterpart = await repo.findPairInSet(
          tx,
          row.rate_set_id,
          row.target_currency,
          row.original_currency,
        );
        const removed = counterpart ? [row, counterpart] : [row];
        await repo.deleteRates(
          tx,
          removed.map((r) => r.id),
        );
        for (const r of removed)
          await recordChange(tx, ctx, EXCHANGE_RATE_ENTITY, r.id, rateSnapshot(r), null);
        if ((await repo.countRatesOfSet(tx, row.rate_set_id)) === 0) {
          await repo.deleteSet(tx, row.rate_set_id);
          await recordChange(tx, ctx, RATE_SET_ENTITY, row.rate_set_id, { created_at: row.created_at }, null);
        }
      }
    },
  };
}

export type RatesService = ReturnType<typeof createRatesService>;
