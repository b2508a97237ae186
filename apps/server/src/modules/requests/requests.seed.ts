import {
  ACCOUNT_TYPES,
  type AccountType,
  CANCELLATION_POLICIES,
  DEADLINE_PAYMENT_TYPES,
  FLIGHT_CLASSES,
  type RequestStatus,
  ROOM_MEALS,
  ROOM_TYPES,
  SERVICE_SUBTYPES,
} from '@app/shared';
import Decimal from 'decimal.js';
import { and, asc, isNull, ne, sql } from 'drizzle-orm';
import type { SeedContext } from '../../platform/module.ts';
import { seededRandom } from '../../platform/seeded-random.ts';
import { clients } from '../directory/clients.table.ts';
import { companies } from '../directory/companies.table.ts';
import { services } from '../directory/services.table.ts';
import { suppliers } from '../directory/suppliers.table.ts';
import { createRatesService } from '../rates/rates.service.ts';
import { regions } from '../rates/regions.table.ts';
import { users } from '../users/users.table.ts';
import { logEvents, logRecords } from './log.table.ts';
import { hotelOffers } from './offers.table.ts';
import { type RatesNow, stampOf } from './requests.money.ts';
import { refreshSummary } from './requests.summary.ts';
import { lineDeadlines, requestCounters, requestLines, requests } from './requests.table.ts';

/**
 * A lived-in book of business (issue 9, "Demo data"): sixty requests whose trips run from a year
 * ago to three months ahead of `now`, in every status, with every service type and a good spread
 * of Other's subtypes, a few accounting requests, hotel offers (the chosen ones are lines),
 * deadline payments (some overdue, some due within the week), LOG records in each status with
 * their history, a handful of lines sold below cost, across both offices and all three companies.
 * Deterministic: one seeded generator, drawn in a fixed order.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Days from a LOG hand-over to its confirmation, in turn (0.2 is under five hours). */
const REVIEW_DAYS = [0.2, 0.6, 1.3, 2.2, 3, 4.5, 7.5, 13];
const REQUESTS = 60;
/** Rough value of each currency in GBP, only to price the demo sell near the cost. */
const IN_GBP: Record<string, string> = { GBP: '1', EUR: '0.86', USD: '0.79', AED: '0.215' };

type LineStatus = 'Confirmed' | 'Invoiced' | 'Accounted' | 'Canceled' | null;
type LineInsert = typeof requestLines.$inferInsert;
interface SupplierRef {
  id: number;
  name: string;
  type: string;
  currency: string | null;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * DAY);

const TRANSFER_NOTES = [
  'Airport arrival, Mercedes S-Class with chauffeur',
  'Full-day chauffeur at disposal',
  'Departure transfer, V-Class for the family and luggage',
  'Evening transfers to the opera and back',
];
const OTHER_NOTES: Record<string, string> = {
  'Yacht Charter': 'Day charter along the coast, lunch on board',
  'Airport VIP Lounge': 'VIP terminal with fast-track for the party',
  Guide: 'Private guide for the old town, half a day',
  'Tickets for events': 'Two seats in the royal box',
  'Visa packages': 'Business visa, express processing',
  Flowers: 'Weekly flower arrangements for the suite',
  'Food & drinks expenses': 'Private dinner at the chef’s table',
  'Meet & greet Vip ARIVAL': 'Meet and greet at the aircraft door',
  Translations: 'Certified translation of the passport',
  'Courier services': 'Same-day courier of the documents',
};
const ACCOUNTING_NOTES = ['Membership fee, The One', 'Visa service fee', 'Correction of a previous invoice'];
const CORRECTIONS = [
  'The supplier invoice is missing; attach it and resubmit',
  'Sell amount differs from the client invoice',
  'Wrong account type on the transfer line',
];

/** The status each request ends in, from where its trip falls (days from now) and a draw. */
function planStatus(offset: number, r: number): RequestStatus {
  if (offset < -60)
    return r < 0.62 ? 'Accounted' : r < 0.82 ? 'Invoiced' : r < 0.9 ? 'Confirmed' : 'Canceled';
  if (offset < 0) return r < 0.3 ? 'Invoiced' : r < 0.6 ? 'Confirmed' : r < 0.85 ? 'Accounted' : 'Canceled';
  if (offset < 30) return r < 0.4 ? 'Confirmed' : r < 0.75 ? 'In progress' : r < 0.93 ? 'New' : 'Canceled';
  return r < 0.45 ? 'New' : r < 0.8 ? 'In progress' : 'Confirmed';
}

/** The status of each of `n` lines of a request that ends in `status`. */
function lineStatuses(status: RequestStatus, n: number): LineStatus[] {
  switch (status) {
    case 'New':
      return Array.from({ length: n }, () => null);
    case 'In progress':
      return Array.from({ length: n }, (_, i) => (i === 0 ? 'Confirmed' : null));
    case 'Confirmed':
      return Array.from({ length: n }, () => 'Confirmed');
    case 'Invoiced':
      return Array.from({ length: n }, () => 'Invoiced');
    case 'Accounted':
      return Array.from({ length: n }, () => 'Accounted');
    case 'Canceled':
      return Array.from({ length: n }, () => 'Canceled');
  }
}

export async function seedRequests({ db, now }: SeedContext): Promise<void> {
  const rnd = seededRandom(20261124);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const between = (a: number, b: number) => a + Math.floor(rnd() * (b - a + 1));

  // One after the other: the seed runs in one transaction, on one connection.
  const companyRows = await db.select().from(companies).orderBy(asc(companies.id));
  const company = (code: string) => companyRows.find((c) => c.code === code)!;
  const offices = await db.select().from(regions).orderBy(asc(regions.id));
  const office = (title: string) => offices.find((o) => o.title === title) ?? offices[0]!;
  const people = await db
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .orderBy(asc(users.id));
  const foManagers = people.filter((u) => u.role === 'FO' || u.role === 'Admin');
  const boManagers = people.filter((u) => u.role === 'BO' || u.role === 'Admin');
  const bo = people.find((u) => u.role === 'BO') ?? people[0]!;
  const accountant = people.find((u) => u.role === 'Accountant') ?? people[0]!;
  const admin = people.find((u) => u.role === 'Admin') ?? people[0]!;
  const clientRows = await db
    .select({
      id: clients.id,
      first_name: clients.first_name,
      last_name: clients.last_name,
      region_id: clients.region_id,
    })
    .from(clients)
    .where(and(isNull(clients.archived_at), ne(clients.rating, 'Blacklisted')))
    .orderBy(asc(clients.id));
  const supplierRows: SupplierRef[] = await db
    .select({ id: suppliers.id, name: suppliers.name, type: suppliers.type, currency: suppliers.currency })
    .from(suppliers)
    .where(isNull(suppliers.archived_at))
    .orderBy(asc(suppliers.id));
  if (!companyRows.length || !clientRows.length || !supplierRows.length || !people.length) return;
  const catalogue = await db
    .select({ named: services.named, account: services.default_account_type })
    .from(services);
  const accountOf = (named: string): AccountType => {
    const a = catalogue.find((c) => c.named === named)?.account;
    return (ACCOUNT_TYPES as readonly string[]).includes(a ?? '') ? (a as AccountType) : 'Toms EU';
  };
  const ofType = (...types: string[]) => {
    const found = supplierRows.filter((s) => types.includes(s.type));
    return found.length ? found : supplierRows;
  };
  const hotels = ofType('Hotel');
  const transfers = ofType('Transfer company');
  const airlines = ofType('Airline');
  const jets = ofType('Private jet broker');
  const supplierForSubtype = (subtype: string) =>
    pick(
      subtype === 'Yacht Charter' || subtype === 'Cruise'
        ? ofType('Yacht broker')
        : subtype === 'Visa packages' || subtype === 'Translations'
          ? ofType('Visa agent')
          : ofType('DMC', 'Other'),
    );
  const rates: RatesNow | null = await createRatesService({ db }).current();

  // The plan: trips spread from a year ago to three months ahead, in creation order.
  const plans = Array.from({ length: REQUESTS }, (_, i) => {
    const offset = Math.round(-365 + (i * 455) / (REQUESTS - 1)) + between(-4, 4);
    const accounting = i % 12 === 5;
    const code = i % 10 < 5 ? 'BSLF' : i % 10 < 8 ? 'TPRO' : 'AIRS';
    const start = addDays(now, offset);
    const lead = between(6, 45);
    const createdAt = new Date(
      Math.min(Math.max(start.getTime() - lead * DAY, now.getTime() - 365 * DAY), now.getTime() - 3_600_000),
    );
    return { i, offset, accounting, code, start, createdAt, status: planStatus(offset, rnd()) };
  });
  plans.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  const counters = new Map<string, number>();
  let otherCursor = 0;
  let lineCount = 0;
  let logCursor = 0;

  for (const plan of plans) {
    const c = company(plan.code);
    const client = clientRows[(plan.i * 7) % clientRows.length]!;
    const dubai = plan.code === 'TPRO' || (plan.code === 'BSLF' && plan.i % 4 === 3);
    const region = office(dubai ? 'Dubai' : 'London');
    const year = plan.createdAt.getUTCFullYear();
    const key = `${c.id}-${year}`;
    const seq = (counters.get(key) ?? 0) + 1;
    counters.set(key, seq);
    const status = plan.accounting && plan.status === 'In progress' ? 'Confirmed' : plan.status;
    const sellCurrency = c.base_currency === 'AED' ? (plan.i % 3 === 0 ? 'USD' : 'AED') : 'GBP';

    const [request] = await db
      .insert(requests)
      .values({
        number: `${c.code}-${year}-${String(seq).padStart(5, '0')}`,
        kind: plan.accounting ? 'accounting' : 'service',
        company_id: c.id,
        year,
        seq,
        client_id: client.id,
        fo_manager_id: pick(foManagers).id,
        bo_manager_id: plan.accounting ? null : pick(boManagers).id,
        region_id: region.id,
        description: plan.accounting ? pick(ACCOUNTING_NOTES) : null,
        canceled_at: status === 'Canceled' ? addDays(plan.createdAt, between(1, 5)) : null,
        base_currency: c.base_currency,
        has_invoice: status === 'Invoiced' || status === 'Accounted',
        search_vector: '',
        created_by: plan.accounting ? admin.id : pick(foManagers).id,
        created_at: plan.createdAt,
        updated_at: plan.createdAt,
      })
      .returning();
    const requestId = request!.id;

    // The lines.
    const values: LineInsert[] = [];
    const priced = (cost: Decimal, costCurrency: string, markup: number) =>
      cost
        .times(IN_GBP[costCurrency] ?? '1')
        .dividedBy(IN_GBP[sellCurrency] ?? '1')
        .times(markup)
        .toDecimalPlaces(0)
        .toFixed(2);
    const base = { request_id: requestId, sell_currency: sellCurrency, created_at: plan.createdAt };
    if (plan.accounting) {
      const fee = new Decimal(between(3, 40) * 50);
      values.push({
        ...base,
        position: 1,
        service_type: 'Accounting',
        supplier_id: null,
        date_from: isoDay(plan.start),
        date_to: isoDay(plan.start),
        description: request!.description,
        account_type: 'Disbursement',
        cost: '0.00',
        cost_currency: sellCurrency,
        sell: fee.toFixed(2),
        payment_method: pick(['Wire', 'Stripe']),
      });
    } else {
      const nights = between(2, 7);
      const end = addDays(plan.start, nights);
      const pax = between(1, 4);
      const kinds: string[] = [
        ['Hotel', 'Hotel', 'Transportation', 'Air tickets', 'Private jet', 'Other'][plan.i % 6]!,
      ];
      const extra = status === 'In progress' ? between(1, 2) : between(0, 3);
      for (let k = 0; k < extra; k += 1)
        kinds.push(pick(['Hotel', 'Transportation', 'Other', 'Air tickets']));
      kinds.forEach((kind, position) => {
        lineCount += 1;
        // About one line in nine is sold below its cost.
        const markup = lineCount % 9 === 4 ? 0.9 : 1.12 + rnd() * 0.2;
        const common = {
          ...base,
          position: position + 1,
          pax,
          payment_method: pick(['Wire', 'Wire', 'Deposit', 'Stripe', 'Cash']),
        };
        if (kind === 'Hotel') {
          const s = pick(hotels);
          const ccy = s.currency ?? 'GBP';
          const cost = new Decimal(between(4, 30) * 100).times(nights);
          values.push({
            ...common,
            service_type: 'Hotel',
            supplier_id: s.id,
            date_from: isoDay(plan.start),
            date_to: isoDay(end),
            account_type: accountOf('Hotel'),
            cost: cost.toFixed(2),
            cost_currency: ccy,
            sell: priced(cost, ccy, markup),
            hotel_name: s.name,
            room_type: pick(ROOM_TYPES.slice(0, 4)),
            meal: pick(ROOM_MEALS),
            cancellation_policy: pick(CANCELLATION_POLICIES),
          });
        } else if (kind === 'Transportation') {
          const s = pick(transfers);
          const ccy = s.currency ?? 'GBP';
          const cost = new Decimal(between(3, 18) * 50);
          values.push({
            ...common,
            service_type: 'Transportation',
            supplier_id: s.id,
            date_from: isoDay(plan.start),
            hour_from: String(between(6, 22)).padStart(2, '0'),
            minute_from: String(between(0, 11) * 5).padStart(2, '0'),
            date_to: isoDay(plan.start),
            description: pick(TRANSFER_NOTES),
            account_type: accountOf('Transportation'),
            cost: cost.toFixed(2),
            cost_currency: ccy,
            sell: priced(cost, ccy, markup),
          });
        } else if (kind === 'Air tickets') {
          const s = pick(airlines);
          const ccy = s.currency ?? 'GBP';
          const flightClass = pick(FLIGHT_CLASSES);
          const cost = new Decimal(between(4, 40) * 100).times(pax);
          values.push({
            ...common,
            service_type: 'Air tickets',
            supplier_id: s.id,
            date_from: isoDay(plan.start),
            hour_from: String(between(6, 22)).padStart(2, '0'),
            minute_from: String(between(0, 11) * 5).padStart(2, '0'),
            date_to: isoDay(end),
            account_type: accountOf('Air tickets'),
            cost: cost.toFixed(2),
            cost_currency: ccy,
            sell: priced(cost, ccy, markup),
            flight_class: flightClass,
            route: pick(['LHR – DXB', 'DXB – NCE', 'LHR – JFK', 'DXB – MLE', 'LHR – GVA', 'CDG – DXB']),
          });
        } else if (kind === 'Private jet') {
          const s = pick(jets);
          const ccy = s.currency ?? 'USD';
          const cost = new Decimal(between(18, 70) * 1000);
          values.push({
            ...common,
            service_type: 'Private jet',
            supplier_id: s.id,
            date_from: isoDay(plan.start),
            hour_from: String(between(7, 20)).padStart(2, '0'),
            minute_from: '00',
            date_to: isoDay(plan.start),
            account_type: accountOf('Private jet'),
            cost: cost.toFixed(2),
            cost_currency: ccy,
            sell: priced(cost, ccy, markup),
            route: pick(['Farnborough – Nice', 'Al Maktoum – Olbia', 'Le Bourget – Geneva', 'Luton – Ibiza']),
          });
        } else {
          const subtype = SERVICE_SUBTYPES[otherCursor % SERVICE_SUBTYPES.length]!;
          otherCursor += 1;
          const s = supplierForSubtype(subtype);
          const ccy = s.currency ?? 'EUR';
          const cost = new Decimal(between(2, 60) * 50);
          values.push({
            ...common,
            service_type: 'Other',
            service_subtype: subtype,
            supplier_id: s.id,
            date_from: isoDay(plan.start),
            date_to: isoDay(plan.start),
            description: OTHER_NOTES[subtype] ?? `${subtype} for the stay`,
            account_type: accountOf(subtype),
            cost: cost.toFixed(2),
            cost_currency: ccy,
            sell: priced(cost, ccy, markup),
          });
        }
      });
    }

    // Statuses, and the rate stamp of every line that was confirmed.
    const statuses = lineStatuses(status, values.length);
    values.forEach((v, k) => {
      v.status = statuses[k] ?? null;
      if (v.status === 'Confirmed' || v.status === 'Invoiced' || v.status === 'Accounted') {
        const stamp = stampOf(
          {
            sell: v.sell,
            sell_currency: v.sell_currency,
            cost: v.cost,
            cost_currency: v.cost_currency,
            rate_set_id: null,
            sell_base: null,
            cost_base: null,
          },
          c.base_currency,
          rates,
        );
        if (stamp) Object.assign(v, stamp);
      }
    });
    const lines = await db.insert(requestLines).values(values).returning();

    // Deadline payments of the trips still ahead or just begun: some fall overdue, some this week.
    const deadlines: Array<typeof lineDeadlines.$inferInsert> = [];
    if (plan.offset >= -25 && status !== 'Canceled') {
      for (const line of lines) {
        if (line.supplier_id === null || rnd() < 0.25) continue;
        const cost = new Decimal(line.cost);
        const three = rnd() < 0.35;
        const shares = three ? ['0.3', '0.3'] : ['0.3'];
        const days = three ? [-21, -10, -3] : [-21, -3];
        let left = cost;
        shares.forEach((share, k) => {
          const amount = cost.times(share).toDecimalPlaces(2);
          left = left.minus(amount);
          deadlines.push({
            line_id: line.id,
            request_id: requestId,
            type: k === 0 ? 'Prepayment' : 'Part payment',
            due_date: isoDay(addDays(plan.start, days[k]!)),
            amount: amount.toFixed(2),
          });
        });
        deadlines.push({
          line_id: line.id,
          request_id: requestId,
          type: DEADLINE_PAYMENT_TYPES[2],
          due_date: isoDay(addDays(plan.start, days.at(-1)!)),
          amount: left.toFixed(2),
        });
      }
    }
    if (deadlines.length) await db.insert(lineDeadlines).values(deadlines);

    // Hotel offers BO collected; where the stay is booked, the chosen one is its line.
    const hotelLine = lines.find((l) => l.service_type === 'Hotel');
    if (hotelLine && plan.i % 3 !== 2) {
      const chosen = hotelLine.status !== null && hotelLine.status !== 'Canceled';
      const others = hotels.filter((h) => h.id !== hotelLine.supplier_id);
      const alternatives = [others[plan.i % others.length], others[(plan.i + 1) % others.length]].filter(
        (h, k, all): h is SupplierRef => h !== undefined && all.indexOf(h) === k,
      );
      const sentAt = status === 'New' && plan.i % 2 === 0 ? null : addDays(plan.createdAt, 1);
      const offerOf = (s: SupplierRef, position: number, lineId: number | null, priceFactor: string) => ({
        request_id: requestId,
        position,
        hotel_name: s.name,
        room_type: position === 1 ? (hotelLine.room_type ?? 'Deluxe') : ROOM_TYPES[(plan.i + position) % 4]!,
        meal: hotelLine.meal ?? 'Bed and breakfast',
        cancellation_policy: hotelLine.cancellation_policy ?? 'Flexible',
        supplier_id: s.id,
        date_from: hotelLine.date_from!,
        date_to: hotelLine.date_to!,
        pax: hotelLine.pax,
        // The alternative's cost in its hotel's currency, near the booked one's.
        cost: new Decimal(hotelLine.cost)
          .times(IN_GBP[hotelLine.cost_currency] ?? '1')
          .dividedBy(IN_GBP[s.currency ?? hotelLine.cost_currency] ?? '1')
          .times(priceFactor)
          .toDecimalPlaces(0)
          .toFixed(2),
        cost_currency: s.currency ?? hotelLine.cost_currency,
        price: new Decimal(hotelLine.sell).times(priceFactor).toDecimalPlaces(0).toFixed(2),
        price_currency: hotelLine.sell_currency,
        line_id: lineId,
        sent_at: sentAt,
        created_by: bo.id,
        created_at: plan.createdAt,
        updated_at: plan.createdAt,
      });
      const own = offerOf(
        hotels.find((h) => h.id === hotelLine.supplier_id) ?? hotels[0]!,
        1,
        chosen ? hotelLine.id : null,
        '1',
      );
      // The chosen offer is exactly its line: the same money in the same currencies.
      own.cost = hotelLine.cost;
      own.cost_currency = hotelLine.cost_currency;
      own.price = hotelLine.sell;
      await db
        .insert(hotelOffers)
        .values([own, ...alternatives.map((s, k) => offerOf(s, k + 2, null, k === 0 ? '1.18' : '0.86'))]);
    }

    // The LOG: accounted requests went through it; some confirmed and invoiced ones are in it now.
    const handedOver =
      status === 'Accounted' || ((status === 'Invoiced' || status === 'Confirmed') && plan.offset < 0);
    if (handedOver) {
      const submitter = plan.accounting ? admin.id : bo.id;
      const shape =
        status === 'Accounted'
          ? logCursor % 3 === 1
            ? 'corrected'
            : 'confirmed'
          : (['new', 'sent'] as const)[logCursor % 2]!;
      // Reviews take from a few hours to two weeks, a few records go back twice, and most of what
      // waits was handed over in the last days: the LOG-report has a spread to show.
      const review = REVIEW_DAYS[logCursor % REVIEW_DAYS.length]!;
      const twice = shape === 'corrected' && logCursor % 2 === 0;
      const recent = (shape === 'new' || shape === 'sent') && logCursor % 5 !== 0;
      logCursor += 1;
      const latest = now.getTime() - HOUR;
      const start = recent
        ? Math.max(plan.start.getTime(), latest - (1 + (logCursor % 4)) * DAY)
        : Math.min(plan.start.getTime() + 2 * DAY, latest - review * DAY);
      const at = (days: number) => new Date(Math.min(start + days * DAY, latest));
      const events: Array<{
        action: string;
        status: string;
        comment: string | null;
        user_id: number;
        created_at: Date;
      }> = [{ action: 'submitted', status: 'NEW', comment: null, user_id: submitter, created_at: at(0) }];
      const sendBack = (days: number) =>
        events.push({
          action: 'sent_for_correction',
          status: 'SENT FOR CORRECTION',
          comment: pick(CORRECTIONS),
          user_id: accountant.id,
          created_at: at(days),
        });
      const resubmit = (days: number) =>
        events.push({
          action: 'resubmitted',
          status: 'NEW',
          comment: null,
          user_id: submitter,
          created_at: at(days),
        });
      if (shape === 'sent') sendBack(recent ? 0.2 : review / 3);
      if (shape === 'corrected') {
        sendBack(review * 0.2);
        resubmit(review * 0.4);
        if (twice) {
          sendBack(review * 0.6);
          resubmit(review * 0.8);
        }
      }
      if (shape === 'corrected' || shape === 'confirmed')
        events.push({
          action: 'confirmed',
          status: 'CONFIRM',
          comment: null,
          user_id: accountant.id,
          created_at: at(review),
        });
      const last = events.at(-1)!;
      const reviewed = [...events]
        .reverse()
        .find((e) => e.user_id === accountant.id && e.action !== 'submitted');
      const lastSubmit = [...events]
        .reverse()
        .find((e) => e.action === 'submitted' || e.action === 'resubmitted')!;
      const [record] = await db
        .insert(logRecords)
        .values({
          request_id: requestId,
          status: last.status,
          submitted_by: submitter,
          submitted_at: lastSubmit.created_at,
          reviewed_by: reviewed?.user_id ?? null,
          reviewed_at: reviewed?.created_at ?? null,
          comment: events.find((e) => e.comment)?.comment ?? null,
          created_at: events[0]!.created_at,
          updated_at: last.created_at,
          version: events.length,
        })
        .returning({ id: logRecords.id });
      await db.insert(logEvents).values(events.map((e) => ({ ...e, log_id: record!.id })));
    }

    await refreshSummary(db, requestId, rates);
  }

  // Numbering goes on from the demo's last number of each company and year.
  for (const [key, last] of counters) {
    const [companyId, year] = key.split('-').map(Number);
    await db
      .insert(requestCounters)
      .values({ company_id: companyId!, year: year!, last_number: last })
      .onConflictDoUpdate({
        target: [requestCounters.company_id, requestCounters.year],
        set: { last_number: sql`greatest(${requestCounters.last_number}, ${last})` },
      });
  }
}
