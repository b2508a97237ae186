import type { AccountType, XeroSettings } from '@app/shared';
import { Decimal } from 'decimal.js';
import { XeroDecimal, xeroJson } from './xero-api.ts';

/** An issued client invoice as the push reads it (`xero-push.repository.ts`). */
export interface PushInvoice {
  id: number;
  number: string;
  client_id: number;
  client_name: string;
  request_number: string | null;
  issue_date: string;
  due_date: string;
  currency: string;
  lines: Array<{ description: string; account_type: AccountType; amount: string }>;
}

/** A supplier bill: its own number, its lines' cost, and its amount (which may differ from them). */
export interface PushBill {
  id: number;
  number: string;
  supplier_id: number;
  supplier_name: string;
  issue_date: string;
  due_date: string;
  currency: string;
  amount: string;
  difference_explanation: string | null;
  lines: Array<{ description: string; account_type: AccountType; amount: string }>;
}

/** An issued credit note: its lines as stored (negative) and the credit it applied to invoices. */
export interface PushCreditNote {
  id: number;
  number: string;
  client_id: number;
  client_name: string;
  /** The invoice it credits. */
  credits_number: string;
  issue_date: string;
  currency: string;
  lines: Array<{ description: string; account_type: AccountType; amount: string }>;
  applications: Array<{ invoice_id: number; invoice_number: string; amount: string; date: string }>;
}

/** A Xero invoice element as sent (amounts are `XeroDecimal`, written as exact JSON numbers). */
export type XeroInvoiceElement = Record<string, unknown> & { InvoiceNumber: string };

const line = (description: string, amount: string, code: string) => ({
  Description: description.slice(0, 4000) || '-',
  Quantity: new XeroDecimal('1'),
  UnitAmount: new XeroDecimal(amount),
  AccountCode: code,
});

/** Client invoice -> ACCREC, authorised, no tax (the product's amounts are what the client pays). */
export function toXeroInvoice(
  inv: PushInvoice,
  contactId: string,
  settings: XeroSettings,
): XeroInvoiceElement {
  return {
    Type: 'ACCREC',
    Contact: { ContactID: contactId },
    InvoiceNumber: inv.number,
    ...(inv.request_number && { Reference: inv.request_number }),
    Date: inv.issue_date,
    DueDate: inv.due_date,
    CurrencyCode: inv.currency,
    LineAmountTypes: 'NoTax',
    Status: 'AUTHORISED',
    LineItems: inv.lines.map((l) =>
      line(l.description, l.amount, settings.account_codes[l.account_type].sales),
    ),
  };
}

/** Credit note -> ACCRECCREDIT under our number; Xero's credit note lines are positive. */
export function toXeroCreditNote(note: PushCreditNote, contactId: string, settings: XeroSettings) {
  return {
    Type: 'ACCRECCREDIT',
    Contact: { ContactID: contactId },
    CreditNoteNumber: note.number,
    Reference: note.credits_number,
    Date: note.issue_date,
    CurrencyCode: note.currency,
    LineAmountTypes: 'NoTax',
    Status: 'AUTHORISED',
    LineItems: note.lines.map((l) =>
      line(
        l.description,
        new Decimal(l.amount).abs().toFixed(2),
        settings.account_codes[l.account_type].sales,
      ),
    ),
  };
}

/**
 * Bill -> ACCPAY under the supplier's own number. A bill whose amount differs from its lines'
 * cost gets one more line for the difference (on the first line's account), so Xero's total is
 * the bill's amount.
 */
export function toXeroBill(bill: PushBill, contactId: string, settings: XeroSettings): XeroInvoiceElement {
  const items = bill.lines.map((l) =>
    line(l.description, l.amount, settings.account_codes[l.account_type].purchases),
  );
  const linesCost = bill.lines.reduce((s, l) => s.plus(l.amount), new Decimal(0));
  const difference = new Decimal(bill.amount).minus(linesCost);
  const first = bill.lines[0]?.account_type ?? 'Toms EU';
  if (!difference.isZero())
    items.push(
      line(
        `Difference to the lines' cost${bill.difference_explanation ? `: ${bill.difference_explanation}` : ''}`,
        difference.toFixed(2),
        settings.account_codes[first].purchases,
      ),
    );
  return {
    Type: 'ACCPAY',
    Contact: { ContactID: contactId },
    InvoiceNumber: bill.number,
    Date: bill.issue_date,
    DueDate: bill.due_date,
    CurrencyCode: bill.currency,
    LineAmountTypes: 'NoTax',
    Status: 'AUTHORISED',
    LineItems: items,
  };
}

/** An allocation against a pushed invoice or bill, as a Xero Payment (in the document's currency). */
export interface PushPayment {
  id: number;
  invoice_id: number | null;
  bill_id: number | null;
  bank_id: number;
  date: string;
  /** In the document's currency. */
  document_amount: string;
  reference: string | null;
  /** The document's number, for the run's errors. */
  document_number: string;
}

/** The Reference lets a retried create find the payment it already made (`Match 12`). */
export const paymentReference = (p: PushPayment) =>
  `Match ${p.id}${p.reference ? ` ${p.reference}` : ''}`.slice(0, 255);

export function toXeroPayment(p: PushPayment, invoiceId: string, settings: XeroSettings) {
  return {
    Invoice: { InvoiceID: invoiceId },
    Account: { Code: settings.bank_account_codes[String(p.bank_id)] ?? settings.payment_account_code },
    Date: p.date,
    Amount: new XeroDecimal(p.document_amount),
    Reference: paymentReference(p),
  };
}
