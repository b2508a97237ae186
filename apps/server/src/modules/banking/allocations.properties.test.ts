/**
 * The invariants of matching as properties (decision 0011, "Tests"): random sequences of new bank
 * lines, allocations (fitting, partial, over, across currencies, without the document amount),
 * unmatching, deleting lines (credit lines too), refunds of credit, credit and refund amounts
 * changed, and credit notes keep
 * - a line's allocations within its amount, a document's settlement within its total;
 * - every derived status (match, payment, voucher) what the allocations imply, recomputed here;
 * - every line's allocated amount and every document's settlement equal to their allocations (a
 *   refund's allocated amount: its amount, the matched marker; it is never allocated);
 * - a client's balance equal to credits − uses − refunds, never negative (the transactions API
 *   refuses a refund, a credit lowered or deleted beyond it);
 * - an allocation undone leaving everything as it was.
 * A model in decimal.js predicts each call's answer (201, or the 400 and its code). Each run has a
 * world of its own (a new client, two invoices, a bill and its voucher), so runs do not interfere.
 * The same file runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { multipart, pdfBytes } from '../accounting/bills.test-support.ts';
import { confirmedRequest } from '../accounting/invoices.test-support.ts';
import {
  addClient,
  allocate,
  brokenRows,
  buildMatchingWorld,
  insertLine,
  invoicePerLine,
  type MatchingWorld,
  matchingState,
  todayUtc,
  unmatch,
} from './allocations.test-support.ts';

const RUNS = 25;
const STEPS = 15;

let t: TestContext;
let w: MatchingWorld;
beforeAll(async () => {
  t = await createTestContext();
  w = await buildMatchingWorld(t);
});
afterAll(() => t.close());

const D = (v: Decimal.Value) => new Decimal(v);
const ZERO = D(0);
const cents = (v: Decimal.Value) => D(v).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const floorCents = (v: Decimal.Value) => D(v).toDecimalPlaces(2, Decimal.ROUND_DOWN);
const fromCents = (n: number) => D(n).dividedBy(100);

type LineKind = 'receive' | 'spend' | 'credit' | 'refund';
type Currency = 'GBP' | 'USD';
interface MLine {
  id: number;
  kind: LineKind;
  currency: Currency;
  amount: Decimal;
  /** `allocated_amount`: the allocations' sum, or a refund's amount (the matched marker). */
  allocated: Decimal;
}
type DocKey = 'A' | 'B' | 'bill' | 'voucher';
type Target = DocKey | 'pair';
interface MDoc {
  id: number;
  total: Decimal;
  /** By allocations and (an invoice) by its credit note. */
  settled: Decimal;
  credit: Decimal;
  credited: boolean;
}
interface MAlloc {
  id: number;
  line: MLine;
  target: Target;
  amount: Decimal;
  documentAmount: Decimal;
}
interface Model {
  client: number;
  lines: MLine[];
  docs: Record<DocKey, MDoc>;
  allocations: MAlloc[];
}

const isReceipt = (k: LineKind) => k === 'receive' || k === 'credit';
/** What a line holds in allocations: a refund's allocated amount is its marker, not allocations. */
const allocationsOf = (l: MLine) => (l.kind === 'refund' ? ZERO : l.allocated);
const docsOf = (target: Target): DocKey[] => (target === 'pair' ? ['voucher', 'bill'] : [target]);
const openOf = (d: MDoc) => d.total.minus(d.settled);

/** The client's balance per currency: credit lines' unallocated part, less refunds. */
function balanceOf(m: Model, currency: Currency): Decimal {
  return m.lines
    .filter((l) => l.currency === currency)
    .reduce((sum, l) => {
      if (l.kind === 'credit') return sum.plus(l.amount).minus(l.allocated);
      if (l.kind === 'refund') return sum.minus(l.amount);
      return sum;
    }, ZERO);
}

/** What the API must answer, in the service's order of rules. */
function expected(m: Model, line: MLine, target: Target, amount: Decimal, invoiceAmount: Decimal | null) {
  const invoice = target === 'A' || target === 'B';
  if (line.kind === 'refund' || isReceipt(line.kind) !== invoice)
    return { code: 'allocation_wrong_direction' };
  let documentAmount = amount;
  if (line.currency !== 'GBP') {
    if (invoiceAmount === null) return { code: 'rate_required' };
    documentAmount = invoiceAmount;
  }
  for (const key of docsOf(target)) {
    const open = openOf(m.docs[key]);
    if (open.lte(0) || documentAmount.gt(open)) return { code: 'over_allocation' };
  }
  if (amount.gt(line.amount.minus(line.allocated))) return { code: 'over_allocation' };
  if (line.kind === 'credit' && amount.gt(balanceOf(m, line.currency))) return { code: 'over_allocation' };
  return { code: null, documentAmount };
}

const lineOp = fc.record({
  op: fc.constant('line' as const),
  kind: fc.constantFrom<LineKind>('receive', 'spend', 'credit'),
  usd: fc.boolean(),
  cents: fc.integer({ min: 100, max: 300_000 }),
  counterparty: fc.boolean(),
});
const allocateOp = fc.record({
  op: fc.constant('allocate' as const),
  line: fc.nat(),
  target: fc.constantFrom<Target>('A', 'B', 'bill', 'voucher', 'pair'),
  mode: fc.constantFrom('fit', 'fit', 'fit', 'part', 'over', 'any', 'norate'),
  cents: fc.integer({ min: 1, max: 300_000 }),
  /** GBP per USD, in hundredths, for an allocation across currencies. */
  k: fc.integer({ min: 70, max: 85 }),
  undo: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  /** Most allocations go the line's way (a receipt to an invoice); the rest anywhere. */
  aligned: fc.integer({ min: 0, max: 4 }).map((n) => n !== 0),
});
const unmatchOp = fc.record({ op: fc.constant('unmatch' as const), index: fc.nat() });
const deleteOp = fc.record({ op: fc.constant('delete' as const), line: fc.nat() });
const creditOp = fc.record({ op: fc.constant('credit' as const), doc: fc.constantFrom<'A' | 'B'>('A', 'B') });
/** A credit's or a refund's amount changed; `fit`: by what the balance allows, else by more. */
const resizeOp = fc.record({
  op: fc.constant('resize' as const),
  line: fc.nat(),
  cents: fc.integer({ min: 1, max: 300_000 }),
  fit: fc.boolean(),
});
type Op =
  | { op: 'line'; kind: LineKind; usd: boolean; cents: number; counterparty: boolean }
  | {
      op: 'allocate';
      line: number;
      target: Target;
      mode: string;
      cents: number;
      k: number;
      undo: boolean;
      aligned: boolean;
    }
  | { op: 'unmatch'; index: number }
  | { op: 'delete'; line: number }
  | { op: 'resize'; line: number; cents: number; fit: boolean }
  | { op: 'credit'; doc: 'A' | 'B' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: lineOp, weight: 3 },
  { arbitrary: lineOp.map((l) => ({ ...l, kind: 'refund' as const })), weight: 3 },
  { arbitrary: allocateOp, weight: 7 },
  { arbitrary: unmatchOp, weight: 2 },
  { arbitrary: deleteOp, weight: 2 },
  { arbitrary: resizeOp, weight: 3 },
  { arbitrary: creditOp, weight: 1 },
);
/**
 * Each run opens with a credit, a receipt and a payment, so refunds and matches have money to
 * take, and a refund within the credit, so changes of a refund have one to change.
 */
const openingArb = fc
  .tuple(
    lineOp.map((l) => ({ ...l, kind: 'credit' as const })),
    lineOp.map((l) => ({ ...l, kind: 'receive' as const })),
    lineOp.map((l) => ({ ...l, kind: 'spend' as const })),
    lineOp,
  )
  .map(([credit, receive, spend, refund]) => [
    credit,
    receive,
    spend,
    { ...refund, kind: 'refund' as const, usd: credit.usd, counterparty: true },
  ]);
const worldArb = fc.record({
  sellA: fc.integer({ min: 5_000, max: 200_000 }),
  sellB: fc.integer({ min: 5_000, max: 200_000 }),
  cost: fc.integer({ min: 5_000, max: 150_000 }),
  /** The voucher's share of the line's cost, in percent. */
  share: fc.integer({ min: 30, max: 100 }),
});

/** What the runs reached, so a generator that stopped reaching a case fails the test. */
const stats: Record<string, number> = {};
const count = (key: string) => {
  stats[key] = (stats[key] ?? 0) + 1;
};

let runs = 0;
async function newWorld(p: { sellA: number; sellB: number; cost: number; share: number }): Promise<Model> {
  runs += 1;
  const clientId = await addClient(t, w, 'Prop', `Client ${runs}`);
  const cost = fromCents(p.cost);
  const voucherAmount = floorCents(cost.times(p.share).dividedBy(100));
  const r = await confirmedRequest(
    t,
    w,
    [
      { sell: fromCents(p.sellA).toFixed(2), sell_currency: 'GBP' },
      {
        sell: fromCents(p.sellB).toFixed(2),
        sell_currency: 'GBP',
        cost: cost.toFixed(2),
        cost_currency: 'GBP',
        deadlines: [{ type: 'Prepayment', due_date: todayUtc(), amount: voucherAmount.toFixed(2) }],
      },
    ],
    { client_id: clientId },
  );
  const invoices = (await invoicePerLine(t, w, r)).map((i) => i.id);
  const bill = await t.request({
    method: 'POST',
    url: 'supplier-invoices/',
    token: w.token.Accountant,
    ...multipart(
      {
        supplier: String(w.supplier.ritz),
        number: `PROP-${runs}-${Date.now()}`,
        issue_date: todayUtc(),
        currency: 'GBP',
        amount: cost.toFixed(2),
        lines: JSON.stringify([r.lines[1]!.id]),
      },
      { name: 'bill.pdf', content: pdfBytes(`prop-${runs}`) },
    ),
  });
  expect(bill.statusCode, bill.body).toBe(201);
  const vouchers = await t.request({
    method: 'GET',
    url: `payment-vouchers/?request=${r.id}`,
    token: w.token.Accountant,
  });
  const doc = (id: number, total: Decimal): MDoc => ({
    id,
    total,
    settled: ZERO,
    credit: ZERO,
    credited: false,
  });
  return {
    client: clientId,
    lines: [],
    allocations: [],
    docs: {
      A: doc(invoices[0]!, fromCents(p.sellA)),
      B: doc(invoices[1]!, fromCents(p.sellB)),
      bill: doc(bill.json().data.id, cost),
      voucher: doc(vouchers.json().data[0].id, voucherAmount),
    },
  };
}

/** The database against the model, and the invariants over every row. */
async function verify(m: Model): Promise<void> {
  const db = t.database.db;
  for (const l of m.lines) {
    const [row] = await queryRows<{ allocated_amount: string; match_status: string }>(
      db,
      sql`select allocated_amount::text, match_status from bank_transactions where id = ${l.id}`,
    );
    expect(D(row!.allocated_amount).equals(l.allocated), `line ${l.id} allocated`).toBe(true);
    expect(row!.match_status).toBe(l.allocated.equals(l.amount) ? 'matched' : 'unmatched');
  }
  const { A, B, bill, voucher } = m.docs;
  const invoices = await queryRows<{ id: number; settled_amount: string; payment_status: string }>(
    db,
    sql`select id, settled_amount::text, payment_status from client_invoices where id in (${A.id}, ${B.id})`,
  );
  for (const d of [A, B]) {
    const row = invoices.find((r) => r.id === d.id)!;
    expect(D(row.settled_amount).equals(d.settled), `invoice ${d.id} settled`).toBe(true);
    expect(row.payment_status).toBe(
      d.settled.isZero() ? 'Unpaid' : d.settled.equals(d.total) ? 'Paid' : 'Partial',
    );
  }
  const [b] = await queryRows<{ settled_amount: string; payment_status: string }>(
    db,
    sql`select settled_amount::text, payment_status from supplier_invoices where id = ${bill.id}`,
  );
  expect(D(b!.settled_amount).equals(bill.settled), 'bill settled').toBe(true);
  expect(b!.payment_status).toBe(bill.settled.equals(bill.total) ? 'Paid' : 'Unpaid');
  const [v] = await queryRows<{ settled_amount: string; status: string }>(
    db,
    sql`select settled_amount::text, status from payment_vouchers where id = ${voucher.id}`,
  );
  expect(D(v!.settled_amount).equals(voucher.settled), 'voucher settled').toBe(true);
  expect(v!.status).toBe(voucher.settled.gte(voucher.total) ? 'Paid' : 'Inactive');
  const register = await queryRows<{
    doc_kind: string;
    doc_id: number;
    settled_amount: string;
    payment_status: string;
  }>(
    db,
    sql`select doc_kind, doc_id, settled_amount::text, payment_status from document_register
        where (doc_kind = 'invoice' and doc_id in (${A.id}, ${B.id})) or (doc_kind = 'bill' and doc_id = ${bill.id})`,
  );
  for (const [kind, d, status] of [
    ['invoice', A, invoices.find((r) => r.id === A.id)!.payment_status],
    ['invoice', B, invoices.find((r) => r.id === B.id)!.payment_status],
    ['bill', bill, b!.payment_status],
  ] as const) {
    const row = register.find((r) => r.doc_kind === kind && r.doc_id === d.id)!;
    expect(D(row.settled_amount).equals(d.settled), `register ${kind} ${d.id}`).toBe(true);
    expect(row.payment_status).toBe(status);
  }
  // every row of the database, not only this run's: the sums and the bounds
  expect(await brokenRows(t)).toEqual({ lines: 0, invoices: 0, bills: 0, vouchers: 0 });
  // the client's balance: credits − uses − refunds, per currency, never negative
  const res = await t.request({
    method: 'GET',
    url: `clients/${m.client}/balance/`,
    token: w.token.Accountant,
  });
  expect(res.statusCode, res.body).toBe(200);
  const balance = res.json().data as {
    balances: Array<{ currency: Currency; balance: string }>;
    movements: Array<{ currency: Currency; balance_after: string }>;
  };
  for (const currency of ['GBP', 'USD'] as const) {
    const want = balanceOf(m, currency);
    expect(want.gte(0), `model balance ${currency}`).toBe(true);
    const got = balance.balances.find((x) => x.currency === currency);
    expect(D(got?.balance ?? 0).equals(want), `balance ${currency}`).toBe(true);
    const newest = balance.movements.find((x) => x.currency === currency);
    if (newest) expect(D(newest.balance_after).equals(want)).toBe(true);
  }
}

/** The line's own kind of document: invoices for money in, bills and vouchers for money out. */
function alignedTarget(line: MLine, target: Target): Target {
  const index = ['A', 'B', 'bill', 'voucher', 'pair'].indexOf(target);
  return isReceipt(line.kind)
    ? index % 2 === 0
      ? 'A'
      : 'B'
    : (['bill', 'voucher', 'pair', 'pair', 'pair'] as const)[index]!;
}

function amountsFor(m: Model, line: MLine, target: Target, o: { mode: string; cents: number; k: number }) {
  const cross = line.currency !== 'GBP';
  const k = cross ? D(o.k).dividedBy(100) : D(1);
  const documentOpen = Decimal.min(...docsOf(target).map((key) => openOf(m.docs[key])));
  const fit = Decimal.min(line.amount.minus(line.allocated), floorCents(documentOpen.dividedBy(k)));
  let amount: Decimal;
  if (o.mode === 'fit' || o.mode === 'norate') amount = fit;
  else if (o.mode === 'part') amount = floorCents(fit.dividedBy(2));
  else if (o.mode === 'over') amount = fit.plus('0.01');
  else amount = fromCents(o.cents);
  if (amount.lt('0.01')) amount = D('0.01');
  const invoiceAmount = cross && o.mode !== 'norate' ? Decimal.max(cents(amount.times(k)), '0.01') : null;
  return { amount, invoiceAmount };
}

async function step(m: Model, op: Op): Promise<void> {
  if (op.op === 'line') {
    const currency: Currency = op.usd ? 'USD' : 'GBP';
    let amount = fromCents(op.cents);
    // half the refunds ask for what the balance holds at most, the others for anything
    if (op.kind === 'refund' && op.counterparty && balanceOf(m, currency).gt(0))
      amount = Decimal.min(amount, balanceOf(m, currency));
    const bank = op.usd ? w.bank.BSLF.USD : w.bank.BSLF.GBP;
    const client = { kind: 'client' as const, id: m.client };
    if (op.kind === 'refund') {
      // a refund of credit through the transactions API: within the balance, matched by its marker
      const covered = amount.lte(balanceOf(m, currency));
      const res = await t.request({
        method: 'POST',
        url: 'transactions/',
        token: w.token.Accountant,
        payload: {
          bank,
          type: 'SPEND',
          way: 'reduce',
          date: todayUtc(),
          amount: amount.toFixed(2),
          counterparty_kind: 'client',
          counterparty: m.client,
        },
      });
      if (!covered) {
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().errors[0].code).toBe('over_allocation');
        count('refund refused');
        return;
      }
      expect(res.statusCode, res.body).toBe(201);
      count('refund');
      m.lines.push({ id: res.json().data.id, kind: 'refund', currency, amount, allocated: amount });
      return;
    }
    const id = await insertLine(t, {
      bank,
      type: op.kind === 'spend' ? 'SPEND' : op.kind === 'credit' ? 'RECEIVE-OVERPAYMENT' : 'RECEIVE',
      amount: amount.toFixed(2),
      counterparty:
        op.kind === 'credit'
          ? client
          : op.counterparty
            ? op.kind === 'spend'
              ? { kind: 'supplier', id: w.supplier.ritz }
              : client
            : null,
    });
    m.lines.push({ id, kind: op.kind, currency, amount, allocated: ZERO });
    return;
  }
  if (op.op === 'allocate') {
    if (!m.lines.length) return;
    const line = m.lines[op.line % m.lines.length]!;
    const target = op.aligned ? alignedTarget(line, op.target) : op.target;
    const { amount, invoiceAmount } = amountsFor(m, line, target, op);
    const want = expected(m, line, target, amount, invoiceAmount);
    const body: Record<string, unknown> = { transaction: line.id, amount: amount.toFixed(2) };
    if (invoiceAmount) body.invoice_amount = invoiceAmount.toFixed(2);
    if (target === 'A' || target === 'B') body.invoice = m.docs[target].id;
    if (target === 'bill' || target === 'pair') body.bill = m.docs.bill.id;
    if (target === 'voucher' || target === 'pair') body.voucher = m.docs.voucher.id;
    const before = op.undo ? await matchingState(t, { versions: false, audit: false }) : null;
    const res = await allocate(t, w, body);
    if (want.code !== null) {
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(400);
      expect(res.json().errors[0].code).toBe(want.code);
      count(want.code);
      return;
    }
    expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(201);
    count('allocated');
    if (line.currency !== 'GBP') count('allocated across currencies');
    if (line.kind === 'credit') count('paid from credit');
    if (target === 'pair') count('voucher with its bill');
    const a = res.json().data as {
      id: number;
      base_amount: string;
      document_base_amount: string;
      fx_difference: string;
    };
    const fx = isReceipt(line.kind)
      ? D(a.base_amount).minus(a.document_base_amount)
      : D(a.document_base_amount).minus(a.base_amount);
    expect(fx.equals(a.fx_difference)).toBe(true);
    if (before) {
      // undone at once: everything as it was (versions and history move on)
      expect((await unmatch(t, w, a.id)).statusCode).toBe(204);
      expect(await matchingState(t, { versions: false, audit: false })).toEqual(before);
      count('undone');
      return;
    }
    line.allocated = line.allocated.plus(amount);
    for (const key of docsOf(target)) m.docs[key].settled = m.docs[key].settled.plus(want.documentAmount!);
    m.allocations.push({ id: a.id, line, target: target, amount, documentAmount: want.documentAmount! });
    return;
  }
  if (op.op === 'unmatch') {
    if (!m.allocations.length) return;
    const [a] = m.allocations.splice(op.index % m.allocations.length, 1);
    expect((await unmatch(t, w, a!.id)).statusCode).toBe(204);
    count('unmatched');
    a!.line.allocated = a!.line.allocated.minus(a!.amount);
    for (const key of docsOf(a!.target)) m.docs[key].settled = m.docs[key].settled.minus(a!.documentAmount);
    return;
  }
  if (op.op === 'delete') {
    if (!m.lines.length) return;
    await deleteLine(m, m.lines[op.line % m.lines.length]!);
    return;
  }
  if (op.op === 'resize') {
    // refunds are fewer than credits: half the changes go to one when there is one
    const refunds = m.lines.filter((l) => l.kind === 'refund');
    const credits = m.lines.filter((l) => l.kind === 'credit');
    const pool = refunds.length && (op.line % 2 === 0 || !credits.length) ? refunds : credits;
    if (!pool.length) return;
    await resizeLine(m, pool[Math.floor(op.line / 2) % pool.length]!, op);
    return;
  }
  const d = m.docs[op.doc];
  const invoice = await t.request({
    method: 'GET',
    url: `client-invoices/${d.id}/`,
    token: w.token.Accountant,
  });
  const res = await t.request({
    method: 'POST',
    url: `client-invoices/${d.id}/credit-note/`,
    token: w.token.Accountant,
    payload: { reason: 'Property test', version: invoice.json().data.version },
  });
  if (d.credited) {
    expect(res.statusCode, res.body).toBe(400);
    return;
  }
  expect(res.statusCode, res.body).toBe(201);
  count('credit note');
  const applied = Decimal.max(openOf(d), 0);
  d.settled = d.settled.plus(applied);
  d.credit = d.credit.plus(applied);
  d.credited = true;
}

/**
 * `DELETE transactions/{id}/`: refused while allocated; a credit line also while refunds took
 * what it holds (its open part beyond the balance). Nothing is written on a refusal.
 */
async function deleteLine(m: Model, line: MLine): Promise<void> {
  const before = await matchingState(t);
  const res = await t.request({
    method: 'DELETE',
    url: `transactions/${line.id}/`,
    token: w.token.Accountant,
  });
  const refusal = allocationsOf(line).gt(0)
    ? 'transaction_allocated'
    : line.kind === 'credit' && line.amount.gt(balanceOf(m, line.currency))
      ? 'over_allocation'
      : null;
  if (refusal) {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[0].code).toBe(refusal);
    expect(await matchingState(t)).toEqual(before);
    count(`delete refused (${refusal})`);
    return;
  }
  expect(res.statusCode, res.body).toBe(204);
  count(`deleted (${line.kind})`);
  m.lines.splice(m.lines.indexOf(line), 1);
}

/**
 * `PATCH transactions/{id}/` of a credit's or a refund's amount: a credit lowered gives up its
 * open part, a refund raised takes more; either within the balance. A matched credit keeps its
 * amount. A refund's marker follows its amount.
 */
async function resizeLine(m: Model, line: MLine, op: { cents: number; fit: boolean }): Promise<void> {
  const balance = balanceOf(m, line.currency);
  // within the balance, or past it (a credit can only go down to a cent)
  const step = op.fit ? Decimal.min(fromCents(op.cents), balance) : balance.plus(fromCents(op.cents));
  // a credit mostly goes down, a refund up (the moves that take from the balance)
  const down = line.kind === 'credit' ? op.cents % 4 !== 0 : op.cents % 4 === 0;
  let amount = down ? line.amount.minus(step) : line.amount.plus(step);
  if (amount.lt('0.01')) amount = D('0.01');
  const taken = line.kind === 'credit' ? line.amount.minus(amount) : amount.minus(line.amount);
  const refusal =
    allocationsOf(line).gt(0) && !amount.equals(line.amount)
      ? 'transaction_allocated'
      : taken.gt(balance)
        ? 'over_allocation'
        : null;
  const current = await t.request({
    method: 'GET',
    url: `transactions/${line.id}/`,
    token: w.token.Accountant,
  });
  const before = await matchingState(t);
  const res = await t.request({
    method: 'PATCH',
    url: `transactions/${line.id}/`,
    token: w.token.Accountant,
    payload: { amount: amount.toFixed(2), version: current.json().data.version },
  });
  if (refusal) {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[0].code).toBe(refusal);
    expect(await matchingState(t)).toEqual(before);
    count(`resize refused (${refusal})`);
    return;
  }
  expect(res.statusCode, res.body).toBe(200);
  count(`resized (${line.kind})`);
  line.amount = amount;
  if (line.kind === 'refund') line.allocated = amount;
}

/** Unmatches what is left: the documents keep only their credit notes, the lines nothing. */
async function cleanUp(m: Model): Promise<void> {
  for (const a of m.allocations.splice(0)) {
    expect((await unmatch(t, w, a.id)).statusCode).toBe(204);
    a.line.allocated = a.line.allocated.minus(a.amount);
    for (const key of docsOf(a.target)) m.docs[key].settled = m.docs[key].settled.minus(a.documentAmount);
  }
  for (const d of Object.values(m.docs)) expect(d.settled.equals(d.credit)).toBe(true);
  await verify(m);
  if (m.lines.length)
    await t.database.db.execute(
      sql`delete from bank_transactions where id in (${sql.join(
        m.lines.map((l) => sql`${l.id}`),
        sql`, `,
      )})`,
    );
}

it(`keeps the invariants over ${RUNS} runs of ${STEPS} random steps`, async () => {
  let steps = 0;
  await fc.assert(
    fc.asyncProperty(
      worldArb,
      openingArb,
      fc.array(opArb, { minLength: STEPS, maxLength: STEPS }),
      async (world, opening, ops) => {
        const m = await newWorld(world);
        for (const op of opening) await step(m, op);
        for (const op of ops) {
          await step(m, op);
          await verify(m);
          steps += 1;
        }
        await cleanUp(m);
      },
    ),
    { numRuns: RUNS, endOnFailure: true },
  );
  expect(steps).toBe(RUNS * STEPS);
  console.info('allocation properties reached', stats);
  for (const reached of [
    'allocated',
    'allocated across currencies',
    'paid from credit',
    'voucher with its bill',
    'over_allocation',
    'allocation_wrong_direction',
    'rate_required',
    'undone',
    'unmatched',
    'credit note',
    'refund',
    'refund refused',
    'resized (credit)',
    'resized (refund)',
    'resize refused (over_allocation)',
  ])
    expect(stats[reached] ?? 0, reached).toBeGreaterThan(0);
}, 240_000);
