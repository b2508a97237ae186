import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import { createBackground } from '../../platform/background.ts';
import type { SeedContext } from '../../platform/module.ts';
import { addDays, todayOf } from '../accounting/invoices.deps.ts';
import { createPeriodLocksService } from '../accounting/period-locks.service.ts';
import { toAuthUser } from '../auth/auth.service.ts';
import { createRatesService } from '../rates/rates.service.ts';
import { users } from '../users/users.table.ts';
import { createAllocationsService } from './allocations.service.ts';
import { bankStatement, type DemoBank, type StatementLine } from './banking.seed-statements.ts';
import { createStatementImportService } from './statement-import.service.ts';
import { createTransactionsService } from './transactions.service.ts';
import { createTransfer } from './transfers.service.ts';

interface OpenInvoice {
  id: number;
  number: string;
  client_id: number;
  client: string;
  company_id: number;
  currency: string;
  total: string;
  issue_date: string;
  due_date: string;
}

interface OpenBill {
  id: number;
  number: string;
  supplier: string;
  company_id: number;
  currency: string;
  amount: string;
  issue_date: string;
}

/** What the seed allocates once the statements are in, by the line's reference. */
interface Plan {
  bank: number;
  reference: string;
  invoice?: number;
  bill?: number;
  voucher?: number;
  /** In the document's currency when the line is in another one. */
  invoiceAmount?: string;
  amount: string;
}

/** What the demo's banks charged for a unit of each currency, in pounds (a bill paid from another currency's account). */
const IN_GBP: Record<string, string> = { GBP: '1', USD: '0.7912', EUR: '0.8537', AED: '0.2154' };
const money = (d: Decimal.Value) => new Decimal(d).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
const minDay = (a: string, b: string) => (a < b ? a : b);
const maxDay = (a: string, b: string) => (a > b ? a : b);

/**
 * A quarter of bank statements for both offices (decision 0011, "Demo data"), through the real
 * services: CSV statements imported per account (their mappings remembered), about half of the
 * receipts and payments matched to the demo invoices and bills, part payments, a USD part payment
 * of an AED invoice, an overpayment left as the client's credit and a prepayment, monthly transfers
 * between own accounts and one conversion, card spends and this month's bank charges left for the accountant.
 * Recent lines stay unmatched so the Matched data screen and the workspace have work in them.
 */
export async function seedBanking({ db, now }: SeedContext): Promise<void> {
  const today = todayOf(now);
  const start = addDays(today, -91);
  const [accountant] = await db
    .select()
    .from(users)
    .where(sql`role = 'Accountant'`)
    .orderBy(users.id)
    .limit(1);
  if (!accountant) return;
  const ctx = { user: toAuthUser(accountant) };
  const clock = () => now;
  const rates = createRatesService({ db, clock });
  const allocations = createAllocationsService({ db, rates });
  const transactions = createTransactionsService({ db });
  const background = createBackground(console);
  const imports = createStatementImportService({
    db,
    background,
    log: { error: console.error, info: () => {} },
  });

  const banks = await queryRows<DemoBank>(
    db,
    sql`select b.id, c.id as company_id, c.code, b.currency, b.type from banks b
        join companies c on c.id = b.company_id where b.archived_at is null order by b.id`,
  );
  const bankOf = (companyId: number, currency: string, type: 'Income' | 'Outcome') =>
    banks.find((b) => b.company_id === companyId && b.currency === currency && b.type === type);
  const incomeGbp = (companyId: number) => bankOf(companyId, 'GBP', 'Income');
  // Suppliers are paid from the outcome account in their currency, else the company's main one.
  const outcomeFor = (companyId: number, currency: string) =>
    bankOf(companyId, currency, 'Outcome') ??
    banks.find((b) => b.company_id === companyId && b.type === 'Outcome');
  const inBankCurrency = (amount: string, currency: string, bank: DemoBank) =>
    money(new Decimal(amount).times(IN_GBP[currency]!).dividedBy(IN_GBP[bank.currency]!));

  const invoices = await queryRows<OpenInvoice>(
    db,
    sql`select i.id, i.number, i.client_id, trim(c.first_name || ' ' || c.last_name) as client, i.company_id,
          i.currency, i.total::text as total, i.issue_date::text as issue_date, i.due_date::text as due_date
        from client_invoices i join clients c on c.id = i.client_id
        where i.kind = 'invoice' and i.payment_status = 'Unpaid'
        order by i.issue_date, i.id`,
  );
  const lines = new Map<number, StatementLine[]>();
  const add = (bank: DemoBank, line: StatementLine) =>
    lines.set(bank.id, [...(lines.get(bank.id) ?? []), line]);
  const plans: Plan[] = [];
  const late = addDays(today, -10);

  // 1. Receipts: most invoices paid in full, some in part, some not at all.
  let overpaid: number | null = null;
  let crossCurrency = false;
  invoices.forEach((inv, k) => {
    const paidOn = minDay(today, addDays(maxDay(inv.issue_date, start), 5 + (k % 9)));
    const ownBank = bankOf(inv.company_id, inv.currency, 'Income');
    const reference = [
      `${inv.number} ${inv.client}`,
      `Payment ${inv.number.replace(/-/g, '')}`,
      `INV ${inv.number}`,
    ][k % 3]!;
    // A USD part payment of an AED invoice, matched across currencies (the rest still open).
    if (!crossCurrency && inv.currency === 'AED') {
      const usd = bankOf(inv.company_id, 'USD', 'Income');
      if (usd) {
        crossCurrency = true;
        const aed = new Decimal(inv.total).times('0.4').toDecimalPlaces(0);
        const amount = money(aed.dividedBy('3.6725'));
        add(usd, { date: paidOn, amount, payee: inv.client, reference: `Part payment ${inv.number}` });
        plans.push({
          bank: usd.id,
          reference: `Part payment ${inv.number}`,
          invoice: inv.id,
          amount,
          invoiceAmount: money(aed),
        });
        return;
      }
    }
    const bank = ownBank ?? incomeGbp(inv.company_id);
    if (!bank || bank.currency !== inv.currency) return;
    // One client pays 250 too much: the rest is their credit (RECEIVE-OVERPAYMENT).
    if (overpaid === null && inv.currency === 'GBP' && paidOn <= late) {
      overpaid = inv.client_id;
      const amount = money(new Decimal(inv.total).plus(250));
      add(bank, { date: paidOn, amount, payee: inv.client, reference: `${inv.number} incl. deposit` });
      plans.push({
        bank: bank.id,
        reference: `${inv.number} incl. deposit`,
        invoice: inv.id,
        amount: inv.total,
      });
      return;
    }
    if (k % 5 === 4) return; // not paid yet
    const part = k % 5 === 3;
    const amount = part ? money(new Decimal(inv.total).times('0.5')) : inv.total;
    add(bank, { date: paidOn, amount, payee: inv.client, reference });
    // What came in before the last ten days is matched; the newest receipts wait for the accountant.
    if (paidOn <= late) plans.push({ bank: bank.id, reference, invoice: inv.id, amount });
  });

  // 2. Payments: bills paid from the outcome accounts by their numbers.
  const bills = await queryRows<OpenBill>(
    db,
    sql`select b.id, b.number, s.name as supplier, b.company_id, b.currency, b.amount::text as amount,
          b.issue_date::text as issue_date
        from supplier_invoices b join suppliers s on s.id = b.supplier_id
        where b.payment_status = 'Unpaid' order by b.issue_date, b.id`,
  );
  bills.forEach((bill, k) => {
    if (k % 3 === 2) return;
    // From the outcome account in the bill's currency, else the company's main one (converted).
    const bank = outcomeFor(bill.company_id, bill.currency);
    if (!bank) return;
    const paidOn = minDay(today, addDays(maxDay(bill.issue_date, start), 8 + (k % 6)));
    const reference = `${bill.supplier} inv ${bill.number}`;
    const amount = money(
      new Decimal(bill.amount).times(IN_GBP[bill.currency]!).dividedBy(IN_GBP[bank.currency]!),
    );
    add(bank, { date: paidOn, amount: `-${amount}`, payee: bill.supplier, reference });
    if (paidOn <= late) {
      const across = bank.currency !== bill.currency ? { invoiceAmount: bill.amount } : {};
      plans.push({ bank: bank.id, reference, bill: bill.id, amount, ...across });
    }
  });

  // 3. Approved deposits to suppliers paid by SPEND lines matched to their vouchers.
  const vouchers = await queryRows<{
    id: number;
    amount: string;
    currency: string;
    company_id: number;
    supplier: string;
    number: string;
  }>(
    db,
    sql`select v.id, v.amount::text as amount, v.currency, r.company_id, s.name as supplier, r.number
        from payment_vouchers v join requests r on r.id = v.request_id join suppliers s on s.id = v.supplier_id
        where v.status = 'Active' and v.due_date < ${today} order by v.due_date, v.id limit 2`,
  );
  for (const v of vouchers) {
    const bank = outcomeFor(v.company_id, v.currency);
    if (!bank) continue;
    const reference = `Deposit ${v.number} ${v.supplier}`;
    const amount = inBankCurrency(v.amount, v.currency, bank);
    add(bank, { date: addDays(today, -3), amount: `-${amount}`, payee: v.supplier, reference });
    const across = bank.currency !== v.currency ? { invoiceAmount: v.amount } : {};
    plans.push({ bank: bank.id, reference, voucher: v.id, amount, ...across });
  }

  // 4. This month's bank charges on the income accounts: no document to match them to (the earlier
  // months' were dealt with, so they are not in the demo).
  const feeDay = addDays(start, 88);
  for (const bank of banks.filter((b) => b.type === 'Income' && b.code !== 'AIRS')) {
    if (feeDay > today) break;
    const amount = bank.currency === 'AED' ? '-95.00' : '-25.00';
    add(bank, { date: feeDay, amount, payee: null, reference: 'Account maintenance fee' });
  }

  // 5. The statements, imported as the accountant would (each account's mapping remembered).
  for (const bank of banks) {
    const rows = lines.get(bank.id);
    if (!rows?.length) continue;
    const file = bankStatement(bank, rows);
    await imports.commit(ctx, { bankId: bank.id, fileName: file.name, content: Buffer.from(file.csv) });
  }
  await background.idle();

  // 6. Matching: find each planned line by its account and reference and allocate it.
  for (const p of plans) {
    const [line] = await queryRows<{ id: number }>(
      db,
      sql`select id from bank_transactions where bank_id = ${p.bank} and reference like ${`%${p.reference}`}
          and allocated_amount = 0 order by id limit 1`,
    );
    if (!line) continue;
    if (p.reference.endsWith('incl. deposit')) {
      const [t] = await queryRows<{ version: number }>(
        db,
        sql`select version from bank_transactions where id = ${line.id}`,
      );
      await transactions.update(ctx, line.id, {
        type: 'RECEIVE-OVERPAYMENT',
        way: 'top_up',
        version: t!.version,
      });
    }
    await allocations.create(ctx, {
      transaction: line.id,
      amount: p.amount,
      ...(p.invoice ? { invoice: p.invoice } : {}),
      ...(p.bill ? { bill: p.bill } : {}),
      ...(p.voucher ? { voucher: p.voucher } : {}),
      ...(p.invoiceAmount ? { invoice_amount: p.invoiceAmount } : {}),
    });
  }

  // 7. By hand: a prepayment, card spends, monthly transfers and one conversion.
  const bslf = banks.find((b) => b.code === 'BSLF' && b.currency === 'GBP' && b.type === 'Income');
  const bslfOut = bslf && bankOf(bslf.company_id, 'GBP', 'Outcome');
  const bslfUsd = bslf && bankOf(bslf.company_id, 'USD', 'Outcome');
  const prepayer = invoices.find((i) => i.currency === 'GBP' && i.client_id !== overpaid);
  if (bslf && prepayer) {
    await transactions.create(ctx, {
      bank: bslf.id,
      type: 'RECEIVE-PREPAYMENT',
      way: 'top_up',
      date: addDays(today, -12),
      amount: '2000.00',
      counterparty_kind: 'client',
      counterparty: prepayer.client_id,
      reference: `Deposit for the summer season ${prepayer.client}`,
    });
  }
  const [card] = await queryRows<{ id: number; bank_id: number }>(
    db,
    sql`select id, bank_id from bank_cards where last_four = '4242' limit 1`,
  );
  if (card) {
    const spends: [number, string, string][] = [
      [-20, '184.50', 'UBER *TRIP LONDON'],
      [-14, '1260.00', 'HARRODS LONDON'],
      [-6, '86.40', 'HEATHROW EXPRESS'],
    ];
    for (const [days, amount, reference] of spends) {
      await transactions.create(ctx, {
        bank: card.bank_id,
        type: 'SPEND',
        way: 'pay',
        date: addDays(today, days),
        amount,
        reference,
        card: card.id,
      });
    }
  }
  for (let m = 0; m < 3; m++) {
    const date = addDays(start, 2 + m * 30);
    if (bslf && bslfOut)
      await createTransfer(db, ctx, {
        from_bank: bslf.id,
        to_bank: bslfOut.id,
        date,
        amount: '15000.00',
        reference: 'Monthly funding of payments account',
      });
    const tproIn = banks.find((b) => b.code === 'TPRO' && b.currency === 'AED' && b.type === 'Income');
    const tproOut = tproIn && bankOf(tproIn.company_id, 'AED', 'Outcome');
    if (tproIn && tproOut)
      await createTransfer(db, ctx, {
        from_bank: tproIn.id,
        to_bank: tproOut.id,
        date,
        amount: '60000.00',
        reference: 'Monthly funding of payments account',
      });
  }
  if (bslf && bslfUsd) {
    await createTransfer(db, ctx, {
      from_bank: bslf.id,
      to_bank: bslfUsd.id,
      date: addDays(today, -30),
      amount: '10000.00',
      rate: '1.268400',
      reference: 'GBP to USD for New York suppliers',
    });
  }

  // 8. The month before the quarter, closed for both offices as an accountant would have.
  const locks = createPeriodLocksService({ db, clock });
  const closed = addDays(start, -31).slice(0, 7);
  for (const code of ['BSLF', 'TPRO']) {
    const company = banks.find((b) => b.code === code)?.company_id;
    if (company) await locks.close(ctx, { company, month: closed });
  }
}
