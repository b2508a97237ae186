/**
 * A bank statement CSV for the import figure: `rows` lines of the last four weeks, most of them
 * receipts naming an open invoice and its payer (what the accountant then matches), the rest card
 * spends and bank charges. Every line carries the run's own bank reference, so importing it again
 * into a reused database imports it again instead of skipping duplicates.
 */
import { shiftDay } from './filters.ts';

const MERCHANTS = ['HEATHROW EXPRESS', 'UBER TRIP', 'PRET A MANGER', 'HARRODS', 'NOBU LONDON'];

export const STATEMENT_MAPPING = {
  date: 'Date',
  amount: 'Amount',
  reference: 'Description',
  counterparty: 'Name',
  date_format: 'YYYY-MM-DD',
  decimal_comma: false,
} as const;

const cell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export function statementCsv(options: {
  rows: number;
  today: string;
  openInvoices: Array<{ number: string; name: string; open: string }>;
}): string {
  const tag = Date.now().toString(36).toUpperCase();
  const lines = ['Date,Description,Amount,Name'];
  for (let i = 0; i < options.rows; i++) {
    const date = shiftDay(options.today, -(i % 28));
    const ref = `FP${tag}${String(i).padStart(5, '0')}`;
    const kind = i % 10;
    const invoice = options.openInvoices[i % Math.max(1, options.openInvoices.length)];
    if (kind < 6 && invoice)
      lines.push(
        [date, `FPS CREDIT ${invoice.number} ${ref}`, invoice.open, invoice.name].map(cell).join(','),
      );
    else if (kind < 9)
      lines.push(
        [
          date,
          `CARD PAYMENT ${MERCHANTS[i % MERCHANTS.length]} ${ref}`,
          `-${5 + (i % 400)}.${String(i % 100).padStart(2, '0')}`,
          '',
        ]
          .map(cell)
          .join(','),
      );
    else lines.push([date, `SERVICE CHARGE ${ref}`, '-12.50', ''].map(cell).join(','));
  }
  return `${lines.join('\n')}\n`;
}
