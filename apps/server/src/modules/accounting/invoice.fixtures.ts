import Decimal from 'decimal.js';
import type { InvoiceDocument, InvoiceDocumentLine } from './invoice.pdf.ts';

/**
 * Invoice documents for the PDF tests and the bench, as `invoice-documents.repository.ts` builds
 * them from the rows: a BSLF (GBP) invoice of three TOMS lines and one disbursement, a long one for
 * paging, and a credit note.
 */

const SELLER: InvoiceDocument['seller'] = {
  name: 'Bespoke Lifestyle Ltd',
  address: '20 Berkeley Square, London W1J 6EQ',
  vat_number: 'GB284771023',
  registration_number: '09876543',
  base_currency: 'GBP',
  bank: {
    account_name: 'Bespoke Lifestyle Ltd',
    bank_name: 'Barclays',
    account_number: 'GB29BARC20000055779911',
    swift: 'BARCGB22',
    currency: 'GBP',
  },
};

const BILL_TO: InvoiceDocument['bill_to'] = {
  name: 'Eleanor Whitcombe',
  address: '14 Cheyne Walk',
  city: 'London SW3 5RA',
  country: 'United Kingdom',
  email: 'eleanor.whitcombe@example.com',
};

const SAMPLE_LINES: InvoiceDocumentLine[] = [
  {
    account_type: 'Toms EU',
    description:
      "Hotel · Hôtel Plaza Athénée, Paris · Prestige Suite, breakfast included · 2 guests · arrival by private car, late check-out at 4 pm confirmed with the hotel's guest relations",
    service_date_from: '2026-04-12',
    service_date_to: '2026-04-16',
    amount: '18450.00',
  },
  {
    account_type: 'Toms EU',
    description: 'Transportation · Paris CDG → Hôtel Plaza Athénée · Mercedes S-Class with driver',
    service_date_from: '2026-04-12',
    service_date_to: '2026-04-12',
    amount: '420.00',
  },
  {
    account_type: 'Toms non EU',
    description: 'Hotel · The Peninsula, Tokyo · Deluxe Suite · 2 guests',
    service_date_from: '2026-04-28',
    service_date_to: '2026-05-03',
    amount: '23650.00',
  },
  {
    account_type: 'Disbursement',
    description: 'Opéra national de Paris · two tickets, Grand Loge, paid on your behalf',
    service_date_from: '2026-04-14',
    service_date_to: null,
    amount: '960.00',
  },
];

const sum = (lines: InvoiceDocumentLine[]) =>
  lines.reduce((acc, l) => acc.plus(l.amount), new Decimal(0)).toFixed(2);

/** Three TOMS lines and a disbursement. */
export function sampleInvoice(overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    kind: 'invoice',
    number: 'BSLF-INV-2026-0007',
    issue_date: '2026-03-12',
    due_date: '2026-03-26',
    currency: 'GBP',
    total: sum(SAMPLE_LINES),
    credits_number: null,
    reason: null,
    request_numbers: ['BSLF-2026-00012'],
    seller: SELLER,
    bill_to: BILL_TO,
    lines: SAMPLE_LINES,
    ...overrides,
  };
}

/** `count` lines (every fifth a disbursement), for paging and the bench. */
export function longInvoice(count: number): InvoiceDocument {
  const lines: InvoiceDocumentLine[] = Array.from({ length: count }, (_, i) => {
    const day = String((i % 27) + 1).padStart(2, '0');
    return {
      account_type: i % 5 === 4 ? 'Disbursement' : i % 2 ? 'Toms non EU' : 'Toms EU',
      description:
        i % 3 === 0
          ? `Line ${i + 1} · Hotel · Four Seasons Hotel George V, Paris · Deluxe Room, breakfast, two guests, with an early check-in requested for the morning flight`
          : `Line ${i + 1} · Transportation · airport transfer with driver`,
      service_date_from: `2026-05-${day}`,
      service_date_to: `2026-05-${String(Math.min(28, (i % 27) + 3)).padStart(2, '0')}`,
      amount: `${1000 + i * 37}.${String(i % 100).padStart(2, '0')}`,
    };
  });
  return sampleInvoice({ number: 'BSLF-INV-2026-0042', lines, total: sum(lines) });
}

/** A credit note reversing the first two lines of the sample. */
export function sampleCreditNote(): InvoiceDocument {
  const lines = SAMPLE_LINES.slice(0, 2).map((l) => ({
    ...l,
    amount: new Decimal(l.amount).neg().toFixed(2),
  }));
  return sampleInvoice({
    kind: 'credit_note',
    number: 'BSLF-CN-2026-0002',
    issue_date: '2026-03-20',
    due_date: '2026-03-20',
    credits_number: 'BSLF-INV-2026-0007',
    reason: 'The client cut the Paris stay short; the hotel released the suite without charge.',
    lines,
    total: sum(lines),
  });
}
