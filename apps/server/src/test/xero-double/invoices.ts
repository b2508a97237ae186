import { randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import {
  type DoubleRequest,
  type DoubleResponse,
  type DoubleRoute,
  notFound,
  validationException,
} from './double-http.ts';
import { type DoubleInvoice, type DoublePayment, type XeroDoubleState, xeroDate } from './double-state.ts';

/**
 * The Accounting API's Invoices (ACCREC and ACCPAY) and Payments, as Xero's OpenAPI description
 * shapes them. Amounts are kept EXACT: the double reads the numbers of a body from its raw text
 * (`"UnitAmount": 1234.50` is kept as the string `"1234.50"`), computes with decimal.js, and
 * stores decimal strings in `state.invoices` / `state.payments` (tests compare those); answers
 * carry them as JSON numbers, as Xero does.
 */
const API = '/api/api.xro/2.0';
const CURRENCIES = ['GBP', 'EUR', 'USD', 'AED'];
const PAGE_SIZE = 100;
/** The keys whose numbers are money (or a rate, a quantity): read from the raw text, answered as numbers. */
const AMOUNT_KEYS = [
  'UnitAmount',
  'Quantity',
  'LineAmount',
  'TaxAmount',
  'Amount',
  'CurrencyRate',
  'SubTotal',
  'TotalTax',
  'Total',
  'AmountDue',
  'AmountPaid',
  'AmountCredited',
  'RemainingCredit',
];
const AMOUNT_RE = new RegExp(
  `"(${AMOUNT_KEYS.join('|')})"\\s*:\\s*(-?\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?)`,
  'g',
);

type Element = Record<string, unknown>;

/** The body with its amounts as decimal strings (never through a float). */
function exactBody(req: DoubleRequest): unknown {
  if (!req.rawBody) return null;
  try {
    return JSON.parse(req.rawBody.replace(AMOUNT_RE, (_m, key: string, num: string) => `"${key}":"${num}"`));
  } catch {
    return null;
  }
}

function elementsOf(body: unknown, key: string): Element[] | null {
  if (!body || typeof body !== 'object') return null;
  const list = (body as Record<string, unknown>)[key];
  if (Array.isArray(list)) return list as Element[];
  return [body as Element];
}

function decimalOf(v: unknown): Decimal | null {
  if (typeof v === 'number' || (typeof v === 'string' && v.trim() !== '')) {
    try {
      return new Decimal(v);
    } catch {
      return null;
    }
  }
  return null;
}

const money = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/** "2026-11-25" or "/Date(1700000000000+0000)/" -> ms (UTC midnight for a date), or null. */
function parseDate(v: unknown): number | null {
  if (typeof v !== 'string') return null;
  const wcf = /^\/Date\((-?\d+)([+-]\d{4})?\)\/$/.exec(v);
  if (wcf) return Number(wcf[1]);
  const iso = /^(\d{4}-\d{2}-\d{2})(T[\d:.]+)?$/.exec(v);
  if (iso) {
    const ms = Date.parse(`${iso[1]}T00:00:00Z`);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}

const dateString = (ms: number) => `${new Date(ms).toISOString().slice(0, 10)}T00:00:00`;

function envelope(state: XeroDoubleState, key: string, items: unknown[]): Element {
  return {
    Id: randomUUID(),
    Status: 'OK',
    ProviderName: 'Xero double',
    DateTimeUTC: xeroDate(state.clock.now()),
    [key]: items,
  };
}

/** A stored record as Xero answers it: its amounts as JSON numbers. */
function render<T>(value: T): T {
  if (Array.isArray(value)) return value.map(render) as T;
  if (value && typeof value === 'object') {
    const out: Element = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = AMOUNT_KEYS.includes(k) && typeof v === 'string' ? Number(v) : render(v);
    }
    return out as T;
  }
  return value;
}

const invoicesOf = (state: XeroDoubleState, tenant: string) => {
  const map = state.invoices.get(tenant) ?? new Map();
  state.invoices.set(tenant, map);
  return map;
};
const paymentsOf = (state: XeroDoubleState, tenant: string) => {
  const map = state.payments.get(tenant) ?? new Map();
  state.payments.set(tenant, map);
  return map;
};

/** A credit note as Xero shapes it (ACCRECCREDIT or ACCPAYCREDIT) with its allocations to invoices. */
export type DoubleCreditNote = Record<string, unknown> & { CreditNoteID: string; UpdatedDateUTC: string };

/** Credit notes per tenant (kept beside the state: Xero holds them apart from invoices). */
const creditNoteStores = new WeakMap<XeroDoubleState, Map<string, Map<string, DoubleCreditNote>>>();

/** The credit notes of a tenant, by CreditNoteID (tests read them here). */
export function creditNotesOf(state: XeroDoubleState, tenant: string): Map<string, DoubleCreditNote> {
  const byTenant = creditNoteStores.get(state) ?? new Map<string, Map<string, DoubleCreditNote>>();
  creditNoteStores.set(state, byTenant);
  const map = byTenant.get(tenant) ?? new Map<string, DoubleCreditNote>();
  byTenant.set(tenant, map);
  return map;
}

const updatedMs = (r: { UpdatedDateUTC: string }) => parseDate(r.UpdatedDateUTC) ?? 0;

/** AmountPaid, AmountDue and the status from the invoice's live payments. */
function settle(invoice: DoubleInvoice, state: XeroDoubleState, tenant: string): void {
  const live = [...paymentsOf(state, tenant).values()].filter(
    (p) => (p.Invoice as Element).InvoiceID === invoice.InvoiceID && p.Status !== 'DELETED',
  );
  const paid = live.reduce((s, p) => s.plus(p.Amount as string), new Decimal(0));
  const credits = [...creditNotesOf(state, tenant).values()].flatMap((c) =>
    ((c.Allocations as Element[] | undefined) ?? [])
      .filter((a) => (a.Invoice as Element).InvoiceID === invoice.InvoiceID)
      .map((a) => ({ CreditNoteID: c.CreditNoteID, CreditNoteNumber: c.CreditNoteNumber, Amount: a.Amount })),
  );
  const credited = credits.reduce((s, c) => s.plus(c.Amount as string), new Decimal(0));
  const due = new Decimal(invoice.Total as string).minus(paid).minus(credited);
  invoice.AmountPaid = money(paid);
  invoice.AmountCredited = money(credited);
  invoice.CreditNotes = credits;
  invoice.AmountDue = invoice.Status === 'VOIDED' ? '0.00' : money(due);
  invoice.Payments = live.map((p) => ({
    PaymentID: p.PaymentID,
    Date: p.Date,
    Amount: p.Amount,
    CurrencyRate: p.CurrencyRate,
    Reference: p.Reference,
  }));
  if (invoice.Status === 'AUTHORISED' || invoice.Status === 'PAID')
    invoice.Status = due.isZero() && paid.plus(credited).gt(0) ? 'PAID' : 'AUTHORISED';
}

/** Xero's checks of one invoice element; the messages are Xero's words. */
function validateInvoice(
  el: Element,
  state: XeroDoubleState,
  tenant: string,
  existing: DoubleInvoice | null,
) {
  const errors: string[] = [];
  const type = el.Type ?? existing?.Type;
  if (type !== 'ACCREC' && type !== 'ACCPAY') errors.push('Invoice Type must be specified');
  const contactId =
    (el.Contact as Element | undefined)?.ContactID ?? (existing?.Contact as Element)?.ContactID;
  if (typeof contactId !== 'string' || !state.contacts.get(tenant)?.has(contactId))
    errors.push('The Contact could not be found.');
  const currency = el.CurrencyCode ?? existing?.CurrencyCode ?? 'GBP';
  if (typeof currency !== 'string' || !CURRENCIES.includes(currency))
    errors.push(`Organisation is not subscribed to currency ${String(currency)}`);
  if (el.Date !== undefined && parseDate(el.Date) === null) errors.push('Date is not valid.');
  if (el.DueDate !== undefined && parseDate(el.DueDate) === null) errors.push('Due Date is not valid.');
  const allocated = existing
    ? (existing.Payments as unknown[]).length + ((existing.CreditNotes as unknown[] | undefined) ?? []).length
    : 0;
  if (el.Status === 'VOIDED' && allocated)
    errors.push('This document cannot be voided as it has a payment or credit note allocated to it.');
  const lines = (el.LineItems as Element[] | undefined) ?? (existing ? null : []);
  if (lines) {
    if (existing && allocated)
      errors.push('This document cannot be edited as it has a payment or credit note allocated to it.');
    if (!lines.length) errors.push('Invoices must have at least one line item.');
    const codes = new Set(
      (state.accounts.get(tenant) ?? []).filter((a) => a.Type !== 'BANK').map((a) => a.Code),
    );
    for (const line of lines) {
      const code = line.AccountCode;
      if (typeof code !== 'string' || !codes.has(code))
        errors.push(`Account code '${String(code ?? '')}' is not a valid code for this document.`);
      if (decimalOf(line.UnitAmount ?? '0') === null) errors.push('Unit Amount must be a number.');
      if (decimalOf(line.Quantity ?? '1') === null) errors.push('Quantity must be a number.');
    }
  }
  const number = el.InvoiceNumber ?? existing?.InvoiceNumber;
  if (type === 'ACCREC' && typeof number === 'string' && number) {
    const clash = [...invoicesOf(state, tenant).values()].some(
      (i) =>
        i.Type === 'ACCREC' &&
        i.InvoiceNumber === number &&
        i.InvoiceID !== existing?.InvoiceID &&
        i.Status !== 'DELETED' &&
        i.Status !== 'VOIDED',
    );
    if (clash) errors.push('Invoice # must be unique.');
  }
  return errors;
}

/** The invoice as Xero would store it from the element (and what it had before, on an update). */
function buildInvoice(el: Element, state: XeroDoubleState, tenant: string, existing: DoubleInvoice | null) {
  const now = state.clock.now();
  const inv: DoubleInvoice = existing
    ? { ...existing, UpdatedDateUTC: xeroDate(now) }
    : {
        InvoiceID: randomUUID(),
        Status: 'DRAFT',
        LineAmountTypes: 'Exclusive',
        CurrencyCode: 'GBP',
        CurrencyRate: '1',
        Payments: [],
        CreditNotes: [],
        HasErrors: false,
        UpdatedDateUTC: xeroDate(now),
      };
  for (const key of ['Type', 'InvoiceNumber', 'Reference', 'CurrencyCode', 'LineAmountTypes', 'Status']) {
    if (el[key] !== undefined) inv[key] = el[key];
  }
  if (el.CurrencyRate !== undefined) inv.CurrencyRate = String(el.CurrencyRate);
  if (!inv.InvoiceNumber && inv.Type === 'ACCREC')
    inv.InvoiceNumber = `INV-${invoicesOf(state, tenant).size + 1}`;
  const contactId = (el.Contact as Element | undefined)?.ContactID;
  if (typeof contactId === 'string') {
    const contact = state.contacts.get(tenant)?.get(contactId);
    inv.Contact = { ContactID: contactId, Name: contact?.Name ?? '' };
  }
  for (const key of ['Date', 'DueDate'] as const) {
    const ms = parseDate(el[key]);
    if (ms !== null) {
      inv[key] = xeroDate(ms);
      inv[`${key}String`] = dateString(ms);
    }
  }
  if (el.LineItems) {
    inv.LineItems = (el.LineItems as Element[]).map((line) => {
      const quantity = decimalOf(line.Quantity ?? '1') as Decimal;
      const unit = decimalOf(line.UnitAmount ?? '0') as Decimal;
      return {
        LineItemID: randomUUID(),
        Description: line.Description ?? '',
        Quantity: quantity.toString(),
        UnitAmount: unit.toString(),
        AccountCode: line.AccountCode,
        TaxType: 'NONE',
        TaxAmount: '0.00',
        LineAmount: money(quantity.times(unit)),
      };
    });
  }
  const lines = (inv.LineItems as Element[] | undefined) ?? [];
  const subTotal = lines.reduce((s, l) => s.plus(l.LineAmount as string), new Decimal(0));
  inv.SubTotal = money(subTotal);
  inv.TotalTax = '0.00';
  inv.Total = money(subTotal);
  settle(inv, state, tenant);
  return inv;
}

/** What a batch answers per element with `summarizeErrors=false`. */
function withErrors(el: Element, errors: string[]): Element {
  return {
    ...el,
    HasErrors: errors.length > 0,
    HasValidationErrors: errors.length > 0,
    StatusAttributeString: errors.length ? 'ERROR' : 'OK',
    ...(errors.length && { ValidationErrors: errors.map((Message) => ({ Message })) }),
  };
}

/**
 * A batch as Xero runs one: each element checked; with `summarizeErrors=false` the valid ones are
 * saved and every element answered with its errors; otherwise one invalid element refuses the
 * whole batch (400 ValidationException) and nothing is saved.
 */
function runBatch(
  req: DoubleRequest,
  state: XeroDoubleState,
  key: string,
  check: (el: Element) => { errors: string[]; save: () => Element },
): DoubleResponse {
  const elements = elementsOf(exactBody(req), key);
  if (!elements) return validationException([], 'The request body could not be read');
  const summarize = req.query.get('summarizeErrors')?.toLowerCase() !== 'false';
  const checked = elements.map((el) => ({ el, ...check(el) }));
  if (summarize && checked.some((c) => c.errors.length)) {
    return validationException(
      checked.filter((c) => c.errors.length).map((c) => withErrors(render(c.el), c.errors)),
    );
  }
  const answered = checked.map((c) =>
    c.errors.length ? withErrors(c.el, c.errors) : withErrors(c.save(), []),
  );
  return { status: 200, body: envelope(state, key, render(answered)) };
}

function saveInvoices(req: DoubleRequest, state: XeroDoubleState, createOnly: boolean): DoubleResponse {
  const tenant = req.tenantId as string;
  const store = invoicesOf(state, tenant);
  return runBatch(req, state, 'Invoices', (el) => {
    const id = typeof el.InvoiceID === 'string' ? el.InvoiceID : (req.params.id ?? null);
    const existing = id ? (store.get(id) ?? null) : null;
    if (id && !existing) return { errors: ['Invoice could not be found'], save: () => el };
    if (existing && createOnly)
      return { errors: ['An existing Invoice cannot be updated with PUT'], save: () => el };
    const errors = validateInvoice(el, state, tenant, existing);
    return {
      errors,
      save: () => {
        const inv = buildInvoice(el, state, tenant, existing);
        store.set(inv.InvoiceID, inv);
        return inv;
      },
    };
  });
}

function listInvoices(req: DoubleRequest, state: XeroDoubleState): DoubleResponse {
  const tenant = req.tenantId as string;
  const list = (name: string) =>
    req.query
      .get(name)
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const ids = list('IDs')?.map((s) => s.toLowerCase());
  const numbers = list('InvoiceNumbers');
  const contacts = list('ContactIDs')?.map((s) => s.toLowerCase());
  const statuses = list('Statuses')?.map((s) => s.toUpperCase());
  const since = req.headers['if-modified-since']
    ? Date.parse(String(req.headers['if-modified-since']))
    : null;
  let rows = [...invoicesOf(state, tenant).values()].filter(
    (i) =>
      (!ids || ids.includes(i.InvoiceID.toLowerCase())) &&
      (!numbers || numbers.includes(String(i.InvoiceNumber))) &&
      (!contacts || contacts.includes(String((i.Contact as Element)?.ContactID).toLowerCase())) &&
      (!statuses || statuses.includes(String(i.Status))) &&
      (since === null || Number.isNaN(since) || updatedMs(i) > since),
  );
  rows.sort((a, b) => updatedMs(a) - updatedMs(b));
  const page = Number(req.query.get('page') ?? 0);
  if (page >= 1) rows = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return { status: 200, body: envelope(state, 'Invoices', render(rows)) };
}

function createPayments(req: DoubleRequest, state: XeroDoubleState): DoubleResponse {
  const tenant = req.tenantId as string;
  const invoices = invoicesOf(state, tenant);
  const banks = new Set(
    (state.accounts.get(tenant) ?? []).filter((a) => a.Type === 'BANK').map((a) => a.Code),
  );
  return runBatch(req, state, 'Payments', (el) => {
    const errors: string[] = [];
    const ref = (el.Invoice as Element | undefined) ?? {};
    const invoice =
      (typeof ref.InvoiceID === 'string' ? invoices.get(ref.InvoiceID) : undefined) ??
      [...invoices.values()].find((i) => ref.InvoiceNumber && i.InvoiceNumber === ref.InvoiceNumber);
    const code = (el.Account as Element | undefined)?.Code;
    const amount = decimalOf(el.Amount);
    if (!invoice) errors.push('Invoice could not be found');
    else if (invoice.Status !== 'AUTHORISED')
      errors.push('Payment can only be made against an Authorised document.');
    if (typeof code !== 'string' || !banks.has(code))
      errors.push(`Account code '${String(code ?? '')}' is not a valid code for this document.`);
    if (parseDate(el.Date) === null) errors.push('Date is not valid.');
    if (!amount || amount.lte(0)) errors.push('Payment amount must be greater than zero.');
    else if (invoice && amount.gt(invoice.AmountDue as string))
      errors.push('Payment amount exceeds the amount outstanding on this document.');
    return {
      errors,
      save: () => {
        const inv = invoice as DoubleInvoice;
        const ms = parseDate(el.Date) as number;
        const payment: DoublePayment = {
          PaymentID: randomUUID(),
          Date: xeroDate(ms),
          Amount: (amount as Decimal).toString(),
          CurrencyRate: el.CurrencyRate !== undefined ? String(el.CurrencyRate) : '1',
          Reference: el.Reference ?? '',
          Status: 'AUTHORISED',
          PaymentType: inv.Type === 'ACCPAY' ? 'ACCPAYPAYMENT' : 'ACCRECPAYMENT',
          Account: { Code: code },
          Invoice: {
            InvoiceID: inv.InvoiceID,
            InvoiceNumber: inv.InvoiceNumber,
            Type: inv.Type,
            Contact: inv.Contact,
            CurrencyCode: inv.CurrencyCode,
          },
          UpdatedDateUTC: xeroDate(state.clock.now()),
        };
        paymentsOf(state, tenant).set(payment.PaymentID, payment);
        settle(inv, state, tenant);
        inv.UpdatedDateUTC = xeroDate(state.clock.now());
        return payment;
      },
    };
  });
}

/** `POST /Payments/{id}` with `{Status: 'DELETED'}`: Xero's only change to a payment. */
function deletePayment(req: DoubleRequest, state: XeroDoubleState): DoubleResponse {
  const tenant = req.tenantId as string;
  const payment = paymentsOf(state, tenant).get(req.params.id ?? '');
  if (!payment) return notFound();
  const el = elementsOf(exactBody(req), 'Payments')?.[0];
  if (el?.Status !== 'DELETED')
    return validationException([withErrors(el ?? {}, ['Payments can only be deleted (Status DELETED)'])]);
  if (payment.Status === 'DELETED')
    return validationException([withErrors(el, ['This payment has already been deleted.'])]);
  payment.Status = 'DELETED';
  payment.UpdatedDateUTC = xeroDate(state.clock.now());
  const invoice = invoicesOf(state, tenant).get((payment.Invoice as Element).InvoiceID as string);
  if (invoice) {
    settle(invoice, state, tenant);
    invoice.UpdatedDateUTC = xeroDate(state.clock.now());
  }
  return { status: 200, body: envelope(state, 'Payments', render([payment])) };
}

/** Xero's checks of a credit note element (its own Type and number; lines and contact as invoices). */
function validateCreditNote(el: Element, state: XeroDoubleState, tenant: string): string[] {
  const errors: string[] = [];
  if (el.Type !== 'ACCRECCREDIT' && el.Type !== 'ACCPAYCREDIT')
    errors.push('Credit Note Type must be specified');
  const contactId = (el.Contact as Element | undefined)?.ContactID;
  if (typeof contactId !== 'string' || !state.contacts.get(tenant)?.has(contactId))
    errors.push('The Contact could not be found.');
  const currency = el.CurrencyCode ?? 'GBP';
  if (typeof currency !== 'string' || !CURRENCIES.includes(currency))
    errors.push(`Organisation is not subscribed to currency ${String(currency)}`);
  const lines = (el.LineItems as Element[] | undefined) ?? [];
  if (!lines.length) errors.push('Credit notes must have at least one line item.');
  const codes = new Set(
    (state.accounts.get(tenant) ?? []).filter((a) => a.Type !== 'BANK').map((a) => a.Code),
  );
  for (const line of lines) {
    if (typeof line.AccountCode !== 'string' || !codes.has(line.AccountCode))
      errors.push(`Account code '${String(line.AccountCode ?? '')}' is not a valid code for this document.`);
    if (decimalOf(line.UnitAmount ?? '0') === null) errors.push('Unit Amount must be a number.');
  }
  const number = el.CreditNoteNumber;
  if (
    el.Type === 'ACCRECCREDIT' &&
    typeof number === 'string' &&
    [...creditNotesOf(state, tenant).values()].some(
      (c) => c.CreditNoteNumber === number && c.Status !== 'VOIDED',
    )
  )
    errors.push('Credit Note # must be unique.');
  return errors;
}

function buildCreditNote(el: Element, state: XeroDoubleState, tenant: string): DoubleCreditNote {
  const now = state.clock.now();
  const contactId = (el.Contact as Element).ContactID as string;
  const lines = (el.LineItems as Element[]).map((line) => {
    const quantity = decimalOf(line.Quantity ?? '1') as Decimal;
    const unit = decimalOf(line.UnitAmount ?? '0') as Decimal;
    return {
      LineItemID: randomUUID(),
      Description: line.Description ?? '',
      Quantity: quantity.toString(),
      UnitAmount: unit.toString(),
      AccountCode: line.AccountCode,
      TaxType: 'NONE',
      TaxAmount: '0.00',
      LineAmount: money(quantity.times(unit)),
    };
  });
  const total = lines.reduce((sum, l) => sum.plus(l.LineAmount), new Decimal(0));
  const ms = parseDate(el.Date) ?? now;
  return {
    CreditNoteID: randomUUID(),
    CreditNoteNumber: el.CreditNoteNumber ?? `CN-${creditNotesOf(state, tenant).size + 1}`,
    Type: el.Type,
    Reference: el.Reference ?? '',
    Contact: { ContactID: contactId, Name: state.contacts.get(tenant)?.get(contactId)?.Name ?? '' },
    Date: xeroDate(ms),
    DateString: dateString(ms),
    Status: el.Status ?? 'DRAFT',
    LineAmountTypes: el.LineAmountTypes ?? 'Exclusive',
    CurrencyCode: el.CurrencyCode ?? 'GBP',
    LineItems: lines,
    SubTotal: money(total),
    TotalTax: '0.00',
    Total: money(total),
    RemainingCredit: money(total),
    Allocations: [],
    UpdatedDateUTC: xeroDate(now),
  };
}

function createCreditNotes(req: DoubleRequest, state: XeroDoubleState): DoubleResponse {
  const tenant = req.tenantId as string;
  return runBatch(req, state, 'CreditNotes', (el) => ({
    errors: validateCreditNote(el, state, tenant),
    save: () => {
      const note = buildCreditNote(el, state, tenant);
      creditNotesOf(state, tenant).set(note.CreditNoteID, note);
      return note;
    },
  }));
}

/** `where=CreditNoteNumber=="A" OR CreditNoteNumber=="B"`: the only `where` the double reads. */
function listCreditNotes(req: DoubleRequest, state: XeroDoubleState): DoubleResponse {
  const where = req.query.get('where');
  const numbers = where ? [...where.matchAll(/CreditNoteNumber\s*==\s*"([^"]*)"/g)].map((m) => m[1]) : null;
  const rows = [...creditNotesOf(state, req.tenantId as string).values()].filter(
    (c) => !numbers || numbers.includes(String(c.CreditNoteNumber)),
  );
  return { status: 200, body: envelope(state, 'CreditNotes', render(rows)) };
}

/** `PUT /CreditNotes/{id}/Allocations`: part of the credit applied to an invoice of the same contact. */
function allocateCreditNote(req: DoubleRequest, state: XeroDoubleState): DoubleResponse {
  const tenant = req.tenantId as string;
  const note = creditNotesOf(state, tenant).get(req.params.id ?? '');
  if (!note) return notFound();
  return runBatch(req, state, 'Allocations', (el) => {
    const errors: string[] = [];
    const invoice = invoicesOf(state, tenant).get(
      String((el.Invoice as Element | undefined)?.InvoiceID ?? ''),
    );
    const amount = decimalOf(el.Amount);
    if (note.Status !== 'AUTHORISED') errors.push('Only an authorised credit note can be allocated.');
    if (!invoice) errors.push('Invoice could not be found');
    else {
      if (invoice.Status !== 'AUTHORISED') errors.push('Invoice not of valid status for an allocation.');
      if (invoice.CurrencyCode !== note.CurrencyCode)
        errors.push('The credit note and the invoice must be in the same currency.');
      if ((invoice.Contact as Element).ContactID !== (note.Contact as Element).ContactID)
        errors.push('The credit note and the invoice must be for the same contact.');
    }
    if (!amount || amount.lte(0)) errors.push('Amount must be greater than zero.');
    else {
      if (amount.gt(note.RemainingCredit as string))
        errors.push('The amount allocated exceeds the remaining credit on the credit note.');
      if (invoice && amount.gt(invoice.AmountDue as string))
        errors.push('The amount allocated exceeds the amount outstanding on the invoice.');
    }
    return {
      errors,
      save: () => {
        const inv = invoice as DoubleInvoice;
        const allocation = {
          AllocationID: randomUUID(),
          Invoice: { InvoiceID: inv.InvoiceID, InvoiceNumber: inv.InvoiceNumber },
          Amount: (amount as Decimal).toString(),
          Date: xeroDate(parseDate(el.Date) ?? state.clock.now()),
        };
        (note.Allocations as Element[]).push(allocation);
        const remaining = new Decimal(note.RemainingCredit as string).minus(amount as Decimal);
        note.RemainingCredit = money(remaining);
        if (remaining.isZero()) note.Status = 'PAID';
        note.UpdatedDateUTC = xeroDate(state.clock.now());
        settle(inv, state, tenant);
        inv.UpdatedDateUTC = xeroDate(state.clock.now());
        return allocation;
      },
    };
  });
}

export const invoiceRoutes: DoubleRoute[] = [
  { method: 'GET', pattern: `${API}/Invoices`, api: 'accounting', handler: listInvoices },
  {
    method: 'GET',
    pattern: `${API}/Invoices/:id`,
    api: 'accounting',
    handler: (req, state) => {
      const store = invoicesOf(state, req.tenantId as string);
      // Xero takes an InvoiceID or an InvoiceNumber here
      const inv =
        store.get(req.params.id ?? '') ?? [...store.values()].find((i) => i.InvoiceNumber === req.params.id);
      return inv ? { status: 200, body: envelope(state, 'Invoices', render([inv])) } : notFound();
    },
  },
  {
    method: 'POST',
    pattern: `${API}/Invoices`,
    api: 'accounting',
    handler: (r, s) => saveInvoices(r, s, false),
  },
  {
    method: 'POST',
    pattern: `${API}/Invoices/:id`,
    api: 'accounting',
    handler: (r, s) => saveInvoices(r, s, false),
  },
  {
    method: 'PUT',
    pattern: `${API}/Invoices`,
    api: 'accounting',
    handler: (r, s) => saveInvoices(r, s, true),
  },
  {
    method: 'GET',
    pattern: `${API}/Payments`,
    api: 'accounting',
    handler: (req, state) => ({
      status: 200,
      body: envelope(state, 'Payments', render([...paymentsOf(state, req.tenantId as string).values()])),
    }),
  },
  { method: 'PUT', pattern: `${API}/Payments`, api: 'accounting', handler: createPayments },
  { method: 'GET', pattern: `${API}/CreditNotes`, api: 'accounting', handler: listCreditNotes },
  {
    method: 'GET',
    pattern: `${API}/CreditNotes/:id`,
    api: 'accounting',
    handler: (req, state) => {
      const note = creditNotesOf(state, req.tenantId as string).get(req.params.id ?? '');
      return note ? { status: 200, body: envelope(state, 'CreditNotes', render([note])) } : notFound();
    },
  },
  { method: 'PUT', pattern: `${API}/CreditNotes`, api: 'accounting', handler: createCreditNotes },
  { method: 'POST', pattern: `${API}/CreditNotes`, api: 'accounting', handler: createCreditNotes },
  {
    method: 'PUT',
    pattern: `${API}/CreditNotes/:id/Allocations`,
    api: 'accounting',
    handler: allocateCreditNote,
  },
  { method: 'POST', pattern: `${API}/Payments/:id`, api: 'accounting', handler: deletePayment },
];
