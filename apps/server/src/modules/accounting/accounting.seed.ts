import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { SeedContext } from '../../platform/module.ts';
import { recordChanges } from '../audit/audit.service.ts';
import { createRatesService } from '../rates/rates.service.ts';
import { lineInvoicing } from '../requests/requests.invoicing.ts';
import { ratesNowOf, refreshSummary } from '../requests/requests.summary.ts';
import { demoBillPdf, demoBillPng } from './accounting.seed-files.ts';
import { createBillFiles } from './bill-files.ts';
import { createBillsService } from './bills.service.ts';
import { bankCards } from './cards.table.ts';
import { addDays, todayOf } from './invoices.deps.ts';
import { createInvoicesService } from './invoices.service.ts';
import { registerRepository } from './register.repository.ts';
import { backfillVouchers } from './vouchers.sync.ts';

interface SeedLine {
  id: number;
  request_id: number;
  number: string;
  created: string;
  status: string | null;
  canceled: boolean;
  supplier_id: number | null;
  supplier_name: string | null;
  service_type: string;
  cost: string;
  cost_currency: string;
}

/**
 * Demo documents for the demo requests (decision 0010, "Demo data"), through the real services:
 * every line the requests seed left Invoiced or Accounted gets the invoice behind it (most of
 * them sent), a few Confirmed requests get invoices in every state (Not sent, Sent and overdue,
 * credited and re-issued), others stay Confirmed so there is something to invoice. Bills with
 * small files, vouchers Inactive and Active (due this week and overdue), two cards.
 */
export async function seedAccounting({ db, config, now }: SeedContext): Promise<void> {
  const today = todayOf(now);
  const clock = () => now;
  const rates = createRatesService({ db, clock });
  const invoices = createInvoicesService({ db, rates, invoicing: lineInvoicing(rates), clock });
  const bills = createBillsService({ db, rates, files: createBillFiles(config.dataDir, clock) });

  const [oldest] = await queryRows<{ day: string | null }>(
    db,
    sql`select min(created_at)::date::text as day from rate_sets`,
  );
  if (!oldest?.day) return;
  // An issue date the rates can value: after the request, after the oldest rate set, not ahead of today.
  const issueDay = (created: string, after: number) => {
    const day = addDays(created, after);
    const floor = addDays(oldest.day!, 1);
    if (day < floor) return floor;
    return [day, today].sort()[0]!;
  };

  await backfillVouchers(db);

  const lines = await queryRows<SeedLine>(
    db,
    sql`select l.id, l.request_id, r.number, r.created_at::date::text as created, l.status,
          r.canceled_at is not null as canceled, l.supplier_id, s.name as supplier_name,
          l.service_type, l.cost::text as cost, l.cost_currency
        from request_lines l join requests r on r.id = l.request_id
        left join suppliers s on s.id = l.supplier_id
        order by r.id, l.position`,
  );
  const byRequest = new Map<number, SeedLine[]>();
  for (const l of lines) byRequest.set(l.request_id, [...(byRequest.get(l.request_id) ?? []), l]);

  // 1. The invoices behind the lines the requests seed made Invoiced or Accounted.
  const accounted: number[] = [];
  const touched = new Set<number>();
  let n = 0;
  for (const [requestId, rl] of byRequest) {
    const done = rl.filter((l) => !l.canceled && (l.status === 'Invoiced' || l.status === 'Accounted'));
    if (done.length === 0) continue;
    const ids = done.map((l) => l.id);
    accounted.push(...done.filter((l) => l.status === 'Accounted').map((l) => l.id));
    await db.execute(sql`update request_lines set status = 'Confirmed' where id in ${ids}`);
    const issue_date = issueDay(done[0]!.created, 3 + (n % 5));
    const invoice = await invoices.issue(null, { request: requestId, lines: ids, issue_date });
    touched.add(requestId);
    // Most went out the next morning; the newest few wait.
    if (n % 6 !== 5) await markSent(invoice.id, invoice.bill_to.email, `${addDays(issue_date, 1)}T09:30:00Z`);
    n += 1;
  }
  // Those the LOG had confirmed go back to Accounted, and their requests' summaries follow.
  if (accounted.length) {
    await db.execute(sql`update request_lines set status = 'Accounted' where id in ${accounted}`);
    const ratesNow = await ratesNowOf(rates);
    for (const id of touched) await refreshSummary(db, id, ratesNow);
  }

  // 2. Confirmed requests: invoices in every state; a few left for someone to invoice.
  const confirmed = [...byRequest.entries()].filter(
    ([, rl]) =>
      !rl[0]!.canceled &&
      rl.some((l) => l.status === 'Confirmed') &&
      !rl.some((l) => l.status === 'Invoiced'),
  );
  const confirmedLines = (rl: SeedLine[]) => rl.filter((l) => l.status === 'Confirmed').map((l) => l.id);
  const [notSent, overdue, corrected] = confirmed;
  if (notSent) await invoices.issue(null, { request: notSent[0], lines: confirmedLines(notSent[1]) });
  if (overdue) {
    // Due 40 days ago, so the demo ages past 30 days (the banking demo pays some invoices in part).
    const issue_date = addDays(today, -54);
    const inv = await invoices.issue(null, {
      request: overdue[0],
      lines: confirmedLines(overdue[1]),
      issue_date,
      due_date: addDays(today, -40),
    });
    await markSent(inv.id, inv.bill_to.email, `${addDays(issue_date, 1)}T10:15:00Z`);
  }
  if (corrected) {
    const ids = confirmedLines(corrected[1]);
    const issue_date = addDays(today, -9);
    const wrong = await invoices.issue(null, {
      request: corrected[0],
      lines: ids,
      issue_date,
      internal_note: 'Sent with the wrong room type; credited and re-issued.',
    });
    await markSent(wrong.id, wrong.bill_to.email, `${issue_date}T16:00:00Z`);
    await invoices.credit(null, wrong.id, {
      reason: 'Room type corrected to Deluxe Suite',
      version: wrong.version,
    });
    const fixed = await invoices.issue(null, { request: corrected[0], lines: ids });
    await markSent(fixed.id, fixed.bill_to.email, `${today}T08:45:00Z`);
  }

  // 3. Bills: the suppliers' invoices for lines confirmed or further, grouped by request and supplier.
  const billable = new Map<string, SeedLine[]>();
  for (const l of lines) {
    if (l.canceled || !l.supplier_id || !l.status || l.status === 'Canceled') continue;
    if (new Decimal(l.cost).lte(0)) continue;
    const key = `${l.request_id}:${l.supplier_id}:${l.cost_currency}`;
    billable.set(key, [...(billable.get(key) ?? []), l]);
  }
  let b = 0;
  // the newest requests the rates can value, so the bills spread over the last months
  const recent = [...billable.values()]
    .filter((g) => g[0]!.created >= oldest.day!)
    .sort((x, y) => (x[0]!.created < y[0]!.created ? 1 : -1));
  for (const group of recent.filter((_, i) => i % 2 === 0).slice(0, 14)) {
    const first = group[0]!;
    const cost = group.reduce((s, l) => s.plus(l.cost), new Decimal(0));
    // One bill differs by 2.5% (a resort fee the supplier added), and says why.
    const odd = b === 3;
    const amount = odd ? cost.times('1.025').toDecimalPlaces(2).toFixed(2) : cost.toFixed(2);
    const issue_date = issueDay(first.created, 6 + (b % 4));
    const number = `${(first.supplier_name ?? 'S')
      .replace(/[^A-Za-z]/g, '')
      .slice(0, 3)
      .toUpperCase()}-${48213 + b * 37}`;
    const file = {
      supplier: first.supplier_name ?? 'Supplier',
      number,
      issueDate: issue_date,
      currency: first.cost_currency,
      amount,
      lines: group.map((l) => `${l.service_type} for ${l.number}: ${l.cost_currency} ${l.cost}`),
    };
    const png = b === 1;
    await bills.create(
      null,
      {
        supplier: first.supplier_id!,
        number,
        issue_date,
        currency: first.cost_currency as 'GBP',
        amount,
        lines: group.map((l) => l.id),
        ...(odd
          ? { difference_explanation: 'Resort fee added by the hotel at check-out, agreed with the client.' }
          : {}),
      },
      {
        fileName: `${number}.${png ? 'png' : 'pdf'}`,
        data: png ? await demoBillPng(file) : await demoBillPdf(file),
      },
    );
    b += 1;
  }

  // 4. Vouchers: some approved (Active), due this week and overdue; the rest wait for approval.
  const [accountant] = await queryRows<{ id: number }>(
    db,
    sql`select id from users where role = 'Accountant' order by id limit 1`,
  );
  if (accountant) {
    const sunday = addDays(today, (7 - new Date(`${today}T00:00:00Z`).getUTCDay()) % 7);
    await db.execute(sql`
      update payment_vouchers set approved_at = ${now.toISOString()}, approved_by = ${accountant.id}
       where id in (
         (select id from payment_vouchers where due_date between ${today} and ${sunday} order by due_date, id limit 3)
         union
         (select id from payment_vouchers where due_date < ${today} order by due_date desc, id limit 3)
         union
         (select id from payment_vouchers where due_date > ${sunday} order by due_date, id limit 2))`);
  }

  // 5. Two company cards on Outcome accounts (only their last four digits exist anywhere).
  const outcome = await queryRows<{ id: number; currency: string }>(
    db,
    sql`select id, currency from banks where type = 'Outcome' and archived_at is null order by id`,
  );
  const gbp = outcome.find((o) => o.currency === 'GBP');
  const aed = outcome.find((o) => o.currency === 'AED');
  const year = now.getUTCFullYear() % 100;
  const cards = [
    gbp && {
      bank_id: gbp.id,
      holder: 'Alexandra Whitmore',
      last_four: '4242',
      brand: 'Visa',
      expiry_month: 9,
      expiry_year: 2000 + year + 2,
      credit_limit: '25000.00',
    },
    aed && {
      bank_id: aed.id,
      holder: 'Omar Haddad',
      last_four: '5100',
      brand: 'Mastercard',
      expiry_month: 3,
      expiry_year: 2000 + year + 3,
      credit_limit: '90000.00',
    },
  ].filter((c) => !!c);
  if (cards.length) {
    const rows = await db.insert(bankCards).values(cards).onConflictDoNothing().returning();
    await recordChanges(
      db,
      null,
      rows.map((r) => ({
        entity: 'bank_card',
        id: r.id,
        before: null,
        after: { holder: r.holder, last_four: r.last_four, brand: r.brand },
      })),
    );
  }

  async function markSent(id: number, to: string | null, at: string): Promise<void> {
    await db.execute(
      sql`update client_invoices set sent_at = ${at}, sent_to = ${to ?? 'accounts@example.com'} where id = ${id}`,
    );
    await registerRepository.syncInvoice(db, id);
  }
}
