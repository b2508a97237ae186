import {
  ACCOUNT_TYPES,
  type AccountType,
  type CreateHotelOfferBody,
  type CreateRequestLineBody,
  HOTEL_OFFER_MESSAGES,
  HOTEL_OFFERS_MAX,
  type HotelOffer,
  MESSAGES,
  REQUEST_MESSAGES,
  type SendHotelOffersBody,
  type UpdateHotelOfferBody,
} from '@app/shared';
import type { Db, Executor } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { AppError } from '../../platform/errors.ts';
import { recordChange } from '../audit/audit.service.ts';
import { type OffersLetter, offersText } from './offers.format.ts';
import { toHotelOffer } from './offers.mappers.ts';
import {
  type HotelOfferInsert,
  type HotelOfferRow,
  type OfferRequestHead,
  offersRepository as repo,
} from './offers.repository.ts';
import { renderPresentation } from './presentation.pdf.ts';
import type { RatesNow } from './requests.money.ts';

export const HOTEL_OFFER_ENTITY = 'hotel_offer';

/**
 * How a chosen offer becomes a service line: the requests service's `addLineIn`, in the choice's
 * own transaction (its rules, summary, version, history and notifications hold for it too). The
 * rates are read by `currentRates` before that transaction opens: PGlite has one connection.
 */
export interface OfferLineMaker {
  currentRates(): Promise<RatesNow | null>;
  addLineIn(
    tx: Executor,
    ctx: Ctx,
    requestId: number,
    body: CreateRequestLineBody,
    rates: RatesNow | null,
  ): Promise<{ id: number }>;
}

export interface OffersServiceDeps {
  db: Db;
  lines: OfferLineMaker;
  /** The day a presentation is dated; a clock for tests. */
  today?: () => Date;
}

/** What `send` answers: the message, or the PDF's bytes. */
export type SentOffers =
  | { form: 'Text'; text: string }
  | { form: 'Presentation'; pdf: Buffer; filename: string };

const NOT_FOUND = () => AppError.notFound('Request');
const OFFER_NOT_FOUND = () => AppError.notFound('Hotel offer');
const CANCELED = () => new AppError('REQUEST_CANCELED', REQUEST_MESSAGES.requestCanceled, { rule: true });
const NOT_A_SERVICE_REQUEST = () =>
  new AppError('BAD_REQUEST', HOTEL_OFFER_MESSAGES.serviceRequestsOnly, { rule: true });
const CHOSEN = () => new AppError('OFFER_ALREADY_CHOSEN', HOTEL_OFFER_MESSAGES.alreadyChosen, { rule: true });
const CHOSEN_LOCKED = () =>
  new AppError('OFFER_ALREADY_CHOSEN', HOTEL_OFFER_MESSAGES.chosenLocked, { rule: true });

const snapshot = (r: HotelOfferRow) => ({
  hotel_name: r.hotel_name,
  room_type: r.room_type,
  meal: r.meal,
  cancellation_policy: r.cancellation_policy,
  supplier_id: r.supplier_id,
  date_from: r.date_from,
  date_to: r.date_to,
  pax: r.pax,
  cost: r.cost,
  cost_currency: r.cost_currency,
  price: r.price,
  price_currency: r.price_currency,
  notes: r.notes,
  line_id: r.line_id,
});

/** The body's present fields as column values ('' and null clear an optional one). */
function columns(body: Partial<CreateHotelOfferBody>): Partial<HotelOfferInsert> {
  const out: Partial<HotelOfferInsert> = {};
  const keys = [
    'hotel_name',
    'room_type',
    'meal',
    'cancellation_policy',
    'supplier_id',
    'date_from',
    'date_to',
    'cost',
    'cost_currency',
    'price',
    'price_currency',
  ] as const;
  for (const k of keys) if (body[k] !== undefined) (out as Record<string, unknown>)[k] = body[k];
  if (body.pax !== undefined) out.pax = body.pax ?? null;
  if (body.notes !== undefined) out.notes = body.notes || null;
  return out;
}

/** The Hotel line an offer becomes: its hotel, supplier, stay and money; paid by wire. */
function lineOf(offer: HotelOfferRow, catalogueAccountType: string | null): CreateRequestLineBody {
  const accountType: AccountType = (ACCOUNT_TYPES as readonly string[]).includes(catalogueAccountType ?? '')
    ? (catalogueAccountType as AccountType)
    : 'Toms EU';
  type Line = CreateRequestLineBody;
  return {
    service_type: 'Hotel',
    supplier_id: offer.supplier_id,
    date_from: offer.date_from,
    date_to: offer.date_to,
    pax: offer.pax,
    ...(offer.notes ? { description: offer.notes } : {}),
    account_type: accountType,
    cost: offer.cost,
    cost_currency: offer.cost_currency as Line['cost_currency'],
    sell: offer.price,
    sell_currency: offer.price_currency as Line['sell_currency'],
    payment_method: 'Wire',
    hotel_name: offer.hotel_name,
    room_type: offer.room_type as Line['room_type'],
    meal: offer.meal as Line['meal'],
    cancellation_policy: offer.cancellation_policy as Line['cancellation_policy'],
  };
}

const clientName = (h: OfferRequestHead) => `${h.client_first_name} ${h.client_last_name}`.trim();
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export function createOffersService({ db, lines, today = () => new Date() }: OffersServiceDeps) {
  /** The request, locked, and open for changes; 404 when missing, 400 when canceled. */
  async function openRequest(ex: Executor, requestId: number): Promise<OfferRequestHead> {
    const head = await repo.requestHead(ex, requestId, true);
    if (!head) throw NOT_FOUND();
    if (head.canceled_at) throw CANCELED();
    if (head.kind !== 'service') throw NOT_A_SERVICE_REQUEST();
    return head;
  }

  async function checkSupplier(ex: Executor, supplierId: number | undefined) {
    if (supplierId !== undefined && !(await repo.supplierActive(ex, supplierId)))
      throw AppError.fields({ supplier_id: [MESSAGES.invalidValue] });
  }

  async function view(ex: Executor, requestId: number, offerId: number): Promise<HotelOffer> {
    const row = await repo.find(ex, requestId, offerId);
    if (!row) throw OFFER_NOT_FOUND();
    return toHotelOffer(row);
  }

  return {
    async list(requestId: number): Promise<HotelOffer[]> {
      if (!(await repo.requestHead(db, requestId))) throw NOT_FOUND();
      return (await repo.list(db, requestId)).map(toHotelOffer);
    },

    async get(requestId: number, offerId: number): Promise<HotelOffer> {
      return view(db, requestId, offerId);
    },

    async create(ctx: Ctx, requestId: number, body: CreateHotelOfferBody): Promise<HotelOffer> {
      return db.transaction(async (tx) => {
        await openRequest(tx, requestId);
        await checkSupplier(tx, body.supplier_id);
        if ((await repo.countOf(tx, requestId)) >= HOTEL_OFFERS_MAX)
          throw new AppError('BAD_REQUEST', HOTEL_OFFER_MESSAGES.tooMany);
        const row = await repo.insert(tx, {
          ...(columns(body) as HotelOfferInsert),
          request_id: requestId,
          position: await repo.nextPosition(tx, requestId),
          created_by: ctx.user.id,
        });
        await recordChange(tx, ctx, HOTEL_OFFER_ENTITY, row.id, null, snapshot(row));
        return view(tx, requestId, row.id);
      });
    },

    async update(
      ctx: Ctx,
      requestId: number,
      offerId: number,
      body: UpdateHotelOfferBody,
    ): Promise<HotelOffer> {
      return db.transaction(async (tx) => {
        await openRequest(tx, requestId);
        const before = await repo.findForUpdate(tx, requestId, offerId);
        if (!before) throw OFFER_NOT_FOUND();
        if (before.version !== body.version) throw AppError.stale();
        if (before.line_id !== null) throw CHOSEN_LOCKED();
        const { version, ...fields } = body;
        const dateFrom = fields.date_from ?? before.date_from;
        const dateTo = fields.date_to ?? before.date_to;
        if (dateTo < dateFrom) throw AppError.fields({ date_to: [MESSAGES.invalidValue] });
        if (fields.supplier_id !== before.supplier_id) await checkSupplier(tx, fields.supplier_id);
        const after = await repo.updateVersioned(tx, offerId, version, columns(fields));
        if (!after) throw AppError.stale();
        await recordChange(tx, ctx, HOTEL_OFFER_ENTITY, offerId, snapshot(before), snapshot(after));
        return view(tx, requestId, offerId);
      });
    },

    async remove(ctx: Ctx, requestId: number, offerId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await openRequest(tx, requestId);
        const before = await repo.findForUpdate(tx, requestId, offerId);
        if (!before) throw OFFER_NOT_FOUND();
        if (before.line_id !== null) throw CHOSEN_LOCKED();
        await repo.delete(tx, offerId);
        await recordChange(tx, ctx, HOTEL_OFFER_ENTITY, offerId, snapshot(before), null);
      });
    },

    /** The chosen options as a message or a PDF; each is stamped sent. */
    async send(ctx: Ctx, requestId: number, body: SendHotelOffersBody): Promise<SentOffers> {
      const { head, letter } = await db.transaction(async (tx) => {
        const head = await openRequest(tx, requestId);
        const rows = await repo.byIds(tx, requestId, body.offers);
        if (rows.length !== body.offers.length) throw AppError.fields({ offers: [MESSAGES.invalidValue] });
        await repo.markSent(tx, body.offers, new Date());
        const letter: OffersLetter = {
          clientName: clientName(head),
          companyName: head.company_name,
          senderName: ctx.user.name,
          requestNumber: head.number,
          offers: rows,
        };
        return { head, letter };
      });
      if (body.form === 'Text') return { form: 'Text', text: offersText(letter) };
      const pdf = await renderPresentation({ ...letter, date: isoDay(today()) });
      return { form: 'Presentation', pdf, filename: `${head.number}-hotel-options.pdf` };
    },

    /**
     * The client's pick becomes a Hotel line, once, in one transaction: the request and the offer
     * locked (in that order, as every other change to an offer takes them), the line made by the
     * requests service, the offer's `line_id` set. A refused line leaves the offer unchosen; a
     * second choice waits for the first on the offer's row lock and answers OFFER_ALREADY_CHOSEN.
     */
    async choose(ctx: Ctx, requestId: number, offerId: number): Promise<HotelOffer> {
      const rates = await lines.currentRates();
      return db.transaction(async (tx) => {
        await openRequest(tx, requestId);
        const offer = await repo.findForUpdate(tx, requestId, offerId);
        if (!offer) throw OFFER_NOT_FOUND();
        if (offer.line_id !== null) throw CHOSEN();
        const body = lineOf(offer, await repo.hotelAccountType(tx));
        const line = await lines.addLineIn(tx, ctx, requestId, body, rates);
        await repo.setLine(tx, offerId, line.id);
        await recordChange(tx, ctx, HOTEL_OFFER_ENTITY, offerId, snapshot(offer), {
          ...snapshot(offer),
          line_id: line.id,
        });
        return view(tx, requestId, offerId);
      });
    },
  };
}

export type OffersService = ReturnType<typeof createOffersService>;
