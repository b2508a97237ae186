import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longInvoice, sampleCreditNote, sampleInvoice } from './invoice.fixtures.ts';
import {
  groupThousands,
  type InvoiceDocument,
  paperAccountNumber,
  renderInvoicePdf,
  TOMS_STATEMENT,
} from './invoice.pdf.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'invoice-pdf-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The PDF's text as a reader gets it, lines joined and spaces collapsed, quotes made plain. */
async function textOf(input: InvoiceDocument): Promise<{ text: string; flat: string; pdf: Buffer }> {
  const pdf = await renderInvoicePdf(input);
  const file = join(dir, `${input.number}.pdf`);
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  const flat = execFileSync('pdftotext', [file, '-']).toString().replace(/’/g, "'").replace(/\s+/g, ' ');
  return { text, flat, pdf };
}

describe('invoice PDF', () => {
  it('prints what HMRC asks of an invoice: seller, numbers, dates, client, lines, total, how to pay', async () => {
    const { text, flat, pdf } = await textOf(sampleInvoice());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(text).toContain('INVOICE');
    expect(text).toContain('BSLF-INV-2026-0007');
    expect(text).toMatch(/ISSUE DATE \(TAX POINT\)[\s\S]*12 March 2026/);
    expect(text).toMatch(/DUE DATE[\s\S]*26 March 2026/);
    expect(text).toContain('Bespoke Lifestyle Ltd');
    expect(text).toContain('20 Berkeley Square');
    expect(text).toContain('VAT reg. no. GB284771023');
    expect(text).toContain('Company no. 09876543');
    expect(text).toContain('BSLF-2026-00012');
    expect(text).toContain('Eleanor Whitcombe');
    expect(text).toContain('14 Cheyne Walk');
    // Every line, wrapped or not, its dates and its amount as stored, grouped in thousands.
    expect(flat).toContain('Hotel · Hôtel Plaza Athénée, Paris · Prestige Suite, breakfast included');
    expect(flat).toContain("confirmed with the hotel's guest relations");
    expect(text).toMatch(/Mercedes S-Class with driver/);
    expect(text).toMatch(
      /The Peninsula, Tokyo · Deluxe Suite · 2 guests\s+28 April – 3 May 2026\s+23,650.00/,
    );
    expect(text).toMatch(/12–16 April 2026\s+18,450.00/);
    expect(text).toContain('GBP 43,480.00');
    expect(flat).toContain(TOMS_STATEMENT);
    expect(text).toContain('Disbursements (paid on your behalf, outside the scope of VAT)');
    expect(text).toMatch(/Opéra national de Paris · two tickets, Grand Loge, paid\s+14 April 2026\s+960.00/);
    // No VAT column and no VAT amount: the margin scheme forbids showing one.
    expect(text).not.toMatch(/VAT \(|VAT amount|VAT 20/i);
    expect(text).toContain('GB29 BARC 2000 0055 7799 11');
    expect(text).toContain('BARCGB22');
    expect(text).toContain('Barclays');
    expect(flat).toContain('Please quote BSLF-INV-2026-0007');
    expect(text).toContain('Page 1 of 1');
  });

  it('puts TOMS lines and disbursements under their own headings, the statement under the TOMS lines', async () => {
    const { text } = await textOf(sampleInvoice());
    const toms = text.indexOf('The Peninsula');
    const statement = text.indexOf('Tour Operators');
    const heading = text.indexOf('Disbursements (paid');
    const opera = text.indexOf('Opéra national');
    expect(toms).toBeGreaterThan(0);
    expect(statement).toBeGreaterThan(toms);
    expect(heading).toBeGreaterThan(statement);
    expect(opera).toBeGreaterThan(heading);
  });

  it('leaves out the TOMS statement and the disbursement heading when no line needs them', async () => {
    const base = sampleInvoice();
    const onlyDisbursement = base.lines.filter((l) => l.account_type === 'Disbursement');
    const { text } = await textOf({
      ...base,
      number: 'BSLF-INV-2026-0008',
      lines: onlyDisbursement,
      total: '960.00',
    });
    expect(text).not.toContain('Tour Operators');
    expect(text).toContain('Disbursements (paid on your behalf');
    expect(text).toContain('GBP 960.00');
  });

  it('says TRN for a company of the Emirates and prints an AED total as stored', async () => {
    const base = sampleInvoice();
    const { text } = await textOf({
      ...base,
      number: 'TPRO-INV-2026-0001',
      currency: 'AED',
      total: '1234567.80',
      lines: [{ ...base.lines[0]!, amount: '1234567.80' }],
      seller: {
        name: 'Travel Pro FZ-LLC',
        address: 'Office 1204, Boulevard Plaza Tower 1, Dubai',
        vat_number: '100384920600003',
        registration_number: null,
        base_currency: 'AED',
        bank: {
          account_name: null,
          bank_name: 'Emirates NBD',
          account_number: 'AE070331234567890123456',
          swift: 'EBILAEAD',
          currency: 'AED',
        },
      },
    });
    expect(text).toContain('TRN 100384920600003');
    expect(text).not.toContain('VAT reg. no.');
    expect(text).toContain('AMOUNT (AED)');
    expect(text).toContain('1,234,567.80');
    expect(text).toContain('AED 1,234,567.80');
    expect(text).toContain('AE07 0331 2345 6789 0123 456');
  });

  it('prints a credit note with the invoice it credits and the reason, and no payment details', async () => {
    const { text, flat } = await textOf(sampleCreditNote());
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain('BSLF-CN-2026-0002');
    expect(text).toMatch(/CREDITS INVOICE[\s\S]*BSLF-INV-2026-0007/);
    expect(flat).toContain('Reason: The client cut the Paris stay short');
    expect(text).toContain('-18,450.00');
    expect(text).toContain('GBP -18,870.00');
    expect(text).not.toContain('PAYMENT DETAILS');
    expect(text).not.toContain('DUE DATE');
  });

  it('flows 40 lines onto following pages, the table header repeated, with page x of y', async () => {
    const { text } = await textOf(longInvoice(40));
    const pages = text.split('\f').filter((p) => p.trim());
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(text).toContain(`Page 2 of ${pages.length}`);
    expect(text).toContain(`Page ${pages.length} of ${pages.length}`);
    // Every continuation page starts with the letterhead and, while lines go on, the column names.
    expect(pages[1]).toMatch(/INVOICE BSLF-INV-2026-\s*0042\s*, CONTINUED/);
    expect(pages[1]).toMatch(/SERVICE DATES\s+AMOUNT \(GBP\)/);
    for (let i = 1; i <= 40; i += 1) expect(text).toContain(`Line ${i} ·`);
    expect(text).toContain(`GBP ${groupThousands(longInvoice(40).total)}`);
  });

  it('gives the same bytes for the same invoice, dated on its issue date', async () => {
    const [a, b] = [await renderInvoicePdf(longInvoice(40)), await renderInvoicePdf(longInvoice(40))];
    expect(a.equals(b)).toBe(true);
    const file = join(dir, 'dated.pdf');
    writeFileSync(file, a);
    expect(execFileSync('pdfinfo', ['-isodates', file]).toString()).toMatch(
      /CreationDate:\s+2026-03-12T00:00:00Z/,
    );
  });
});

describe('invoice PDF formatting', () => {
  it('groups thousands of the stored string without rounding it', () => {
    expect(groupThousands('1234567.89')).toBe('1,234,567.89');
    expect(groupThousands('-18450.00')).toBe('-18,450.00');
    expect(groupThousands('999.995')).toBe('999.995');
    expect(groupThousands('12.00')).toBe('12.00');
  });

  it('prints an IBAN in groups of four and any other account number as it is', () => {
    expect(paperAccountNumber('GB29BARC20000055779911')).toEqual({
      label: 'IBAN',
      value: 'GB29 BARC 2000 0055 7799 11',
    });
    expect(paperAccountNumber('12345678')).toEqual({ label: 'Account number', value: '12345678' });
  });
});
