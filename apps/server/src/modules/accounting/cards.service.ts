import {
  type Card,
  type CardBrand,
  type CardListQuery,
  type CreateCardBody,
  type DirectoryListResult,
  MESSAGES,
  type UpdateCardBody,
} from '@app/shared';
import { Decimal } from 'decimal.js';
import type { Db, Executor } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { AppError, type FieldErrors, isUniqueViolation } from '../../platform/errors.ts';
import { auditedRecords } from '../audit/audited-records.utils.ts';
import {
  type CardInsert,
  type CardRow,
  type CardWithBank,
  cardsRepository as repo,
} from './cards.repository.ts';

export const CARD_ENTITY = 'bank_card';

/** Visa, Mastercard or Amex from the number's first digits (its IIN); anything else is Other. */
export function brandOf(number: string): CardBrand {
  if (/^3[47]/.test(number)) return 'Amex';
  if (number.startsWith('4')) return 'Visa';
  const two = Number(number.slice(0, 2));
  const four = Number(number.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'Mastercard';
  return 'Other';
}

interface Expiry {
  month: number;
  year: number;
}

/** `MM/YY` (the contract checked its form) as a month of this century. */
const parseExpiry = (mmYy: string): Expiry => ({
  month: Number(mmYy.slice(0, 2)),
  year: 2000 + Number(mmYy.slice(3, 5)),
});
const formatExpiry = (e: Expiry) =>
  `${String(e.month).padStart(2, '0')}/${String(e.year % 100).padStart(2, '0')}`;
/** A card is good through the last day of its expiry month. */
const isPast = (e: Expiry, now: Date) =>
  e.year * 12 + e.month < now.getUTCFullYear() * 12 + (now.getUTCMonth() + 1);

export function toCard(row: CardWithBank, now: Date): Card {
  const expiry = { month: row.expiry_month, year: row.expiry_year };
  return {
    id: row.id,
    bank: {
      id: row.bank.id,
      bank_name: row.bank.bank_name,
      account_number: row.bank.account_number,
      type: row.bank.type,
    },
    company: row.bank.company,
    currency: row.bank.currency as Card['currency'],
    holder: row.holder,
    last_four: row.last_four,
    brand: row.brand as CardBrand,
    expiry: formatExpiry(expiry),
    expired: isPast(expiry, now),
    limit: row.credit_limit === null ? null : new Decimal(row.credit_limit).toFixed(2),
    archived: row.archived_at !== null,
    archived_at: row.archived_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    version: row.version,
  };
}

/** What the history keeps of a card: the last four digits, never a number. */
const cardSnapshot = (c: Card) => ({
  bank_id: c.bank.id,
  holder: c.holder,
  last_four: c.last_four,
  brand: c.brand,
  expiry: c.expiry,
  limit: c.limit,
  archived_at: c.archived_at,
});

const TAKEN = () => AppError.fields({ number: [MESSAGES.unique] });

export interface CardsServiceDeps {
  db: Db;
  /** The month an expiry is compared with (UTC); tests pass their own. */
  clock?: () => Date;
}

/**
 * Company cards (decision 0010, "Bank cards"). The full number reaches `create` only: it is checked
 * by the contract (Luhn), its last four digits and brand are kept, and it goes nowhere else (no
 * column, no history, no message, no log line).
 */
export function createCardsService({ db, clock = () => new Date() }: CardsServiceDeps) {
  async function load(ex: Executor, id: number): Promise<CardWithBank> {
    const row = await repo.findById(ex, id);
    if (!row) throw AppError.notFound('Bank card');
    return row;
  }

  const records = auditedRecords<CardRow, Card>(db, {
    entity: CARD_ENTITY,
    label: 'Bank card',
    repository: repo,
    view: async (ex, row) => toCard(await load(ex, row.id), clock()),
    snapshot: cardSnapshot,
  });

  /** A bank that exists and is not archived (unless the card is already on it); an expiry not past. */
  async function check(
    ex: Executor,
    input: { bank?: number | undefined; expiry?: Expiry | undefined },
    current?: CardRow,
  ): Promise<void> {
    const errors: FieldErrors = {};
    if (input.bank !== undefined && input.bank !== current?.bank_id) {
      const bank = await repo.bank(ex, input.bank);
      if (!bank || bank.archived_at) errors.bank = [MESSAGES.invalidValue];
    }
    const unchanged =
      current && input.expiry?.month === current.expiry_month && input.expiry?.year === current.expiry_year;
    if (input.expiry && !unchanged && isPast(input.expiry, clock())) errors.expiry = [MESSAGES.invalidValue];
    if (Object.keys(errors).length) throw AppError.fields(errors);
  }

  function uniqueOr(error: unknown): never {
    if (isUniqueViolation(error)) throw TAKEN();
    throw error;
  }

  return {
    async list(q: CardListQuery): Promise<DirectoryListResult<Card>> {
      const { rows, total } = await repo.list(db, q);
      const now = clock();
      return {
        data: rows.map((r) => toCard(r, now)),
        meta: { total, total_estimated: false, limit: q.limit, offset: q.offset },
      };
    },

    async get(id: number): Promise<Card> {
      return toCard(await load(db, id), clock());
    },

    async create(ctx: Ctx, body: CreateCardBody): Promise<Card> {
      const expiry = parseExpiry(body.expiry);
      await check(db, { bank: body.bank, expiry });
      const key = {
        bank_id: body.bank,
        last_four: body.number.slice(-4),
        expiry_year: expiry.year,
        expiry_month: expiry.month,
      };
      if (await repo.taken(db, key)) throw TAKEN();
      const values: CardInsert = {
        ...key,
        holder: body.holder,
        brand: brandOf(body.number),
        credit_limit: body.limit ?? null,
      };
      try {
        return await records.create(ctx, (tx) => repo.insert(tx, values));
      } catch (error) {
        uniqueOr(error);
      }
    },

    async update(ctx: Ctx, id: number, body: UpdateCardBody): Promise<Card> {
      const expiry = body.expiry === undefined ? undefined : parseExpiry(body.expiry);
      try {
        return await records.update(ctx, id, body.version, async (tx, current) => {
          await check(tx, { bank: body.bank, expiry }, current);
          const key = {
            bank_id: body.bank ?? current.bank_id,
            last_four: current.last_four,
            expiry_year: expiry?.year ?? current.expiry_year,
            expiry_month: expiry?.month ?? current.expiry_month,
          };
          if (await repo.taken(tx, key, id)) throw TAKEN();
          const values: Partial<CardInsert> = {
            bank_id: key.bank_id,
            expiry_year: key.expiry_year,
            expiry_month: key.expiry_month,
            ...(body.holder !== undefined && { holder: body.holder }),
            ...(body.limit !== undefined && { credit_limit: body.limit }),
          };
          return repo.updateVersioned(tx, id, body.version, values);
        });
      } catch (error) {
        uniqueOr(error);
      }
    },

    /** `DELETE`: the card leaves the list and keeps its history; `unarchive` brings it back. */
    async archive(ctx: Ctx, id: number): Promise<void> {
      await records.setArchived(ctx, id, true);
    },

    unarchive: (ctx: Ctx, id: number): Promise<Card> => records.setArchived(ctx, id, false),
  };
}

export type CardsService = ReturnType<typeof createCardsService>;
