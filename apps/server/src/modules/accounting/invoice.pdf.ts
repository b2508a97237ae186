import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AccountType, InvoiceKind } from '@app/shared';
import Decimal from 'decimal.js';
import PDFDocument from 'pdfkit';
import { formatDay, formatStay } from '../requests/offers.format.ts';
import { pdfSafe } from '../requests/presentation.pdf.ts';

/**
 * A client invoice or credit note as a PDF (decision 0010, "PDF"): A4 portrait on a plain white
 * page (it gets printed), the house's letterhead (the company's name in spaced capitals over a fine
 * gold rule, Cormorant Garamond and Montserrat as in the hotel presentation), and the content
 * HMRC asks of an invoice (VAT Notice 700 section 16, Notice 709/5 for the margin scheme): the
 * seller's legal name, address, registration and VAT numbers, number, date of issue (= tax point),
 * the client, each supply with its dates and amount, the total, and how to pay. TOMS lines carry
 * no VAT amount and no VAT column; disbursements are printed apart as outside the scope of VAT.
 * Amounts are the stored strings, grouped in thousands, never rounded again.
 */

/** The company at issue, as `client_invoices.seller` keeps it. */
export interface InvoiceSeller {
  name: string;
  address: string | null;
  vat_number: string | null;
  registration_number: string | null;
  base_currency: string;
  /** The Income bank account in the invoice currency: the payment details. */
  bank: {
    account_name: string | null;
    bank_name: string;
    account_number: string;
    swift: string | null;
    currency: string;
  } | null;
}

/** The client at issue, as `client_invoices.bill_to` keeps it. */
export interface InvoiceBillTo {
  name: string;
  address: string | null;
  city: string | null;
  country: string | null;
  email: string | null;
}

export interface InvoiceDocumentLine {
  account_type: AccountType;
  description: string;
  service_date_from: string | null;
  service_date_to: string | null;
  /** NUMERIC(18,2) as stored: negative on a credit note. */
  amount: string;
}

/** Everything the PDF prints, read from the immutable rows and their snapshots. */
export interface InvoiceDocument {
  kind: InvoiceKind;
  number: string;
  /** `YYYY-MM-DD`; the tax point, and the PDF's creation date, so the bytes never change. */
  issue_date: string;
  due_date: string;
  currency: string;
  total: string;
  /** On a credit note: the invoice it credits, and why. */
  credits_number: string | null;
  reason: string | null;
  /** The client's reference: the request(s) the lines come from, the issuing one first. */
  request_numbers: string[];
  seller: InvoiceSeller;
  bill_to: InvoiceBillTo;
  lines: InvoiceDocumentLine[];
}

export const TOMS_STATEMENT =
  "Tour Operators' Margin Scheme: this supply is made under the margin scheme; VAT is included in the price and no VAT is recoverable by the customer.";
export const DISBURSEMENTS_HEADING = 'Disbursements';
export const DISBURSEMENTS_NOTE = '(paid on your behalf, outside the scope of VAT)';

/** "12450.00" → "12,450.00"; the digits are the stored ones, never re-rounded. */
export function groupThousands(amount: string): string {
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(amount.trim());
  if (!m) return amount;
  return `${m[1]}${m[2]!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${m[3] ?? ''}`;
}

/** An IBAN as printed on paper: groups of four. Other account numbers as they are. */
export function paperAccountNumber(account: string): { label: string; value: string } {
  const compact = account.replace(/\s+/g, '').toUpperCase();
  if (/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compact))
    return { label: 'IBAN', value: compact.replace(/(.{4})(?=.)/g, '$1 ') };
  return { label: 'Account number', value: account };
}

/** UK: "VAT reg. no." and "Company no."; UAE: "TRN" (tax registration number). */
export function taxLabels(baseCurrency: string): { vat: string; registration: string } {
  if (baseCurrency === 'GBP') return { vat: 'VAT reg. no.', registration: 'Company no.' };
  if (baseCurrency === 'AED') return { vat: 'TRN', registration: 'Licence no.' };
  return { vat: 'VAT no.', registration: 'Registration no.' };
}

export const invoiceFilename = (number: string) => `${number.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;

// ---------------------------------------------------------------------------------------------
// Page geometry and type.

const PAGE = { width: 595.28, height: 841.89 };
const MX = 62;
const WIDTH = PAGE.width - MX * 2;
const RIGHT = PAGE.width - MX;
/** Content stops here; the footer lives below. */
const BOTTOM = PAGE.height - 66;
const COLUMNS = {
  description: { x: MX, width: 258 },
  dates: { x: MX + 278, width: 100 },
  amount: { x: RIGHT - 84, width: 84 },
};
const COLORS = { ink: '#1F1C19', body: '#3A3530', muted: '#7D756C', gold: '#A98A56', rule: '#DDD5C7' };

const FONT_FILES = {
  serif: '@expo-google-fonts/cormorant-garamond/500Medium/CormorantGaramond_500Medium.ttf',
  serifBold: '@expo-google-fonts/cormorant-garamond/600SemiBold/CormorantGaramond_600SemiBold.ttf',
  serifItalic:
    '@expo-google-fonts/cormorant-garamond/500Medium_Italic/CormorantGaramond_500Medium_Italic.ttf',
  label: '@expo-google-fonts/montserrat/500Medium/Montserrat_500Medium.ttf',
} as const;
type Face = keyof typeof FONT_FILES;

/** fontkit is pdfkit's own font reader; pdfkit takes a font it has already parsed. */
const fontkit = createRequire(import.meta.url)('fontkit') as { create(data: Buffer): object };
let parsed: Record<Face, object> | null = null;

/**
 * The fonts parsed once per process (the same files as the hotel presentation, so `pdfSafe` knows
 * their glyphs). Parsing them for every document was most of a render; a parsed font only
 * caches what it has read, each document still embeds its own subset.
 */
function fonts(): Record<Face, object> {
  if (parsed) return parsed;
  const resolve = createRequire(import.meta.url).resolve;
  parsed = Object.fromEntries(
    Object.entries(FONT_FILES).map(([face, path]) => [face, fontkit.create(readFileSync(resolve(path)))]),
  ) as Record<Face, object>;
  return parsed;
}

type Doc = PDFKit.PDFDocument;
type Align = 'left' | 'right' | 'center';
interface TextStyle {
  face: Face;
  size: number;
  color?: string;
  /** Letter spacing in points (the spaced capitals). */
  spacing?: number;
  /** Tabular figures, for amounts in a column. */
  tabular?: boolean;
}
const BODY: TextStyle = { face: 'serif', size: 11.5, color: COLORS.body };
const STRONG: TextStyle = { face: 'serif', size: 11.5, color: COLORS.ink };
const AMOUNT: TextStyle = { ...STRONG, tabular: true };
const LABEL: TextStyle = { face: 'label', size: 6.4, color: COLORS.muted, spacing: 1.1 };
const NOTE: TextStyle = { face: 'serifItalic', size: 10.5, color: COLORS.muted };
const CLOSING: TextStyle = { face: 'serifItalic', size: 11.5, color: COLORS.body };

function style(doc: Doc, s: TextStyle): Doc {
  return doc
    .font(s.face)
    .fontSize(s.size)
    .fillColor(s.color ?? COLORS.ink);
}

function textOptions(s: TextStyle, width: number, align: Align = 'left'): PDFKit.Mixins.TextOptions {
  const serif = s.face !== 'label';
  return {
    width,
    align,
    lineGap: serif ? 1.2 : 0,
    characterSpacing: s.spacing ?? 0,
    // Lining figures: Cormorant's default old-style ones read poorly in numbers and dates.
    ...(serif && { features: s.tabular ? ['lnum', 'tnum'] : ['lnum'] }),
  };
}

/** Height the text will take, wrapped at `width`. */
function measure(doc: Doc, s: TextStyle, text: string, width: number): number {
  if (!text) return 0;
  // Font and size only: a colour is written into the page at once, even for text never drawn.
  doc.font(s.face).fontSize(s.size);
  return doc.heightOfString(text, textOptions(s, width));
}

/** Writes wrapped text and answers its height. */
function write(
  doc: Doc,
  s: TextStyle,
  text: string,
  x: number,
  y: number,
  width: number,
  align: Align = 'left',
) {
  const height = measure(doc, s, text, width);
  if (height) style(doc, s).text(text, x, y, textOptions(s, width, align));
  return height;
}

const label = (text: string) => pdfSafe(text).toUpperCase();

function rule(doc: Doc, x1: number, x2: number, y: number, color: string, width = 0.5) {
  doc.moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(color).stroke();
}

/** "20 Berkeley Square, London W1J 6EQ" → its lines, as a letterhead sets them. */
function addressLines(address: string | null): string[] {
  if (!address) return [];
  return address
    .split(/\n|,\s*/)
    .map((s) => s.trim())
    .filter(Boolean);
}

// ---------------------------------------------------------------------------------------------
// The document.

interface Section {
  key: 'toms' | 'disbursement';
  lines: InvoiceDocumentLine[];
}

function sectionsOf(lines: InvoiceDocumentLine[]): Section[] {
  const toms = lines.filter((l) => l.account_type !== 'Disbursement');
  const disbursements = lines.filter((l) => l.account_type === 'Disbursement');
  return [
    ...(toms.length ? [{ key: 'toms' as const, lines: toms }] : []),
    ...(disbursements.length ? [{ key: 'disbursement' as const, lines: disbursements }] : []),
  ];
}

function serviceDates(line: InvoiceDocumentLine): string {
  const from = line.service_date_from;
  const to = line.service_date_to;
  if (!from) return to ? formatDay(to) : '';
  return formatStay(from, to && to >= from ? to : from);
}

const ROW_PADDING = 11;
const HEADING_HEIGHT = 21;
const TABLE_HEADER_HEIGHT = 19;
const TOTAL_HEIGHT = 60;
/** A description longer than most of a page is cut with an ellipsis rather than break the table. */
const DESCRIPTION_MAX_HEIGHT = 420;

/** Lays out the pages top to bottom; `y` is where the next thing goes. */
class InvoiceLayout {
  y = 0;
  /** Measured once per line: measuring lays the words out, the costliest part of a render. */
  private readonly rowHeights = new Map<InvoiceDocumentLine, number>();
  private readonly title: string;
  private readonly doc: Doc;
  private readonly input: InvoiceDocument;

  constructor(doc: Doc, input: InvoiceDocument) {
    this.doc = doc;
    this.input = input;
    this.title = input.kind === 'credit_note' ? 'Credit note' : 'Invoice';
  }

  render(): void {
    this.newPage(true);
    this.opening();
    this.particulars();
    const sections = sectionsOf(this.input.lines);
    for (const section of sections) this.section(section, sections.length > 1);
    // The total and how to pay it stay together.
    this.ensure(TOTAL_HEIGHT + (this.input.kind === 'invoice' ? this.paymentHeight() : 0));
    this.total();
    if (this.input.kind === 'invoice') this.paymentDetails();
    this.footers();
  }

  /** The letterhead on every page; a continuation page says whose it is. */
  private newPage(first = false): void {
    const { doc, input } = this;
    doc.addPage({ size: 'A4', margin: 0 });
    write(
      doc,
      { face: 'label', size: 9.5, spacing: 9.5 * 0.3 },
      label(input.seller.name),
      MX,
      42,
      WIDTH,
      'center',
    );
    rule(doc, PAGE.width / 2 - 34, PAGE.width / 2 + 34, 59, COLORS.gold, 0.7);
    this.y = 82;
    if (!first) {
      write(doc, LABEL, label(`${this.title} ${input.number}, continued`), MX, 74, WIDTH, 'center');
      this.y = 104;
    }
  }

  /** Starts a new page unless `height` still fits; answers whether it did. */
  private ensure(height: number): boolean {
    if (this.y + height <= BOTTOM) return false;
    this.newPage();
    return true;
  }

  /** The title and number on the left, the seller's legal particulars on the right. */
  private opening(): void {
    const { doc, input } = this;
    const half = WIDTH / 2 - 10;
    const rightX = RIGHT - half;
    const top = this.y;

    let left = top - 4;
    left += write(
      doc,
      { face: 'serif', size: 30, spacing: 2.4 },
      this.title.toUpperCase(),
      MX,
      left,
      half + 40,
    );
    left += write(doc, { ...BODY, size: 13, color: COLORS.muted }, input.number, MX, left, half);
    if (input.kind === 'credit_note') {
      left += 6;
      if (input.reason) left += write(doc, NOTE, pdfSafe(`Reason: ${input.reason}`), MX, left, half);
    }

    const { seller } = input;
    const taxes = taxLabels(seller.base_currency);
    const small: TextStyle = { face: 'serif', size: 10.5, color: COLORS.body };
    let right = top;
    right +=
      write(doc, { face: 'serifBold', size: 13 }, pdfSafe(seller.name), rightX, right, half, 'right') + 1;
    for (const line of addressLines(seller.address))
      right += write(doc, small, pdfSafe(line), rightX, right, half, 'right');
    right += 3;
    const registration = [
      seller.registration_number ? `${taxes.registration} ${seller.registration_number}` : '',
      seller.vat_number ? `${taxes.vat} ${seller.vat_number}` : '',
    ];
    for (const line of registration.filter(Boolean))
      right += write(doc, { ...small, color: COLORS.muted }, pdfSafe(line), rightX, right, half, 'right');

    this.y = Math.max(left, right) + 14;
    rule(doc, MX, RIGHT, this.y, COLORS.rule);
    this.y += 14;
  }

  /** Who pays on the left; number, dates and the client's reference on the right, two by two. */
  private particulars(): void {
    const { doc, input } = this;
    const half = WIDTH / 2 - 10;
    const top = this.y;

    let left = top;
    left += write(doc, LABEL, label('Billed to'), MX, left, half) + 5;
    left += write(doc, { face: 'serifBold', size: 13 }, pdfSafe(input.bill_to.name), MX, left, half);
    const place = [input.bill_to.city, input.bill_to.country].filter(Boolean).join(', ');
    for (const line of [...addressLines(input.bill_to.address), ...(place ? [place] : [])])
      left += write(doc, { ...BODY, size: 11 }, pdfSafe(line), MX, left, half);

    const credit = input.kind === 'credit_note';
    const reference: [string, string] = [
      input.request_numbers.length > 1 ? 'Your references' : 'Your reference',
      input.request_numbers.join(', '),
    ];
    const issued: [string, string] = ['Issue date (tax point)', formatDay(input.issue_date)];
    // Read in pairs: the document's own numbers in the first column.
    const cells: [string, string][] = credit
      ? [
          ['Credit note number', input.number],
          issued,
          ['Credits invoice', input.credits_number ?? ''],
          reference,
        ]
      : [['Invoice number', input.number], reference, issued, ['Due date', formatDay(input.due_date)]];
    // Two columns; a row's values share one baseline even when a label wraps.
    const rightX = RIGHT - half;
    const gap = 12;
    const widths = [(half - gap) / 2, (half - gap) / 2];
    let right = top;
    for (let r = 0; r < cells.length; r += 2) {
      const row = cells.slice(r, r + 2);
      const labelHeight = Math.max(...row.map(([name], c) => measure(doc, LABEL, label(name), widths[c]!)));
      const heights = row.map(([name, value], c) => {
        const x = rightX + (c === 0 ? 0 : widths[0]! + gap);
        write(doc, LABEL, label(name), x, right, widths[c]!);
        return write(doc, STRONG, pdfSafe(value), x, right + labelHeight + 3, widths[c]!);
      });
      right += labelHeight + 3 + Math.max(...heights) + 8;
    }
    this.y = Math.max(left, right) + 18;
  }

  private sectionHeading(section: Section): void {
    const { doc } = this;
    style(doc, { face: 'serifBold', size: 14 });
    if (section.key === 'toms') {
      doc.text('Travel arrangements', MX, this.y, { width: WIDTH, lineBreak: false });
    } else {
      doc.text(DISBURSEMENTS_HEADING, MX, this.y, { width: WIDTH, continued: true, lineBreak: false });
      style(doc, { face: 'serifItalic', size: 12, color: COLORS.muted });
      doc.text(` ${DISBURSEMENTS_NOTE}`, { lineBreak: false });
    }
    this.y += HEADING_HEIGHT;
  }

  private tableHeader(): void {
    const { doc } = this;
    write(doc, LABEL, label('Description'), COLUMNS.description.x, this.y, COLUMNS.description.width);
    write(doc, LABEL, label('Service dates'), COLUMNS.dates.x, this.y, COLUMNS.dates.width);
    const amount = label(`Amount (${this.input.currency})`);
    write(doc, LABEL, amount, COLUMNS.amount.x - 30, this.y, COLUMNS.amount.width + 30, 'right');
    this.y += 11;
    rule(doc, MX, RIGHT, this.y, COLORS.ink, 0.6);
    this.y += TABLE_HEADER_HEIGHT - 11;
  }

  private rowHeight(line: InvoiceDocumentLine): number {
    const known = this.rowHeights.get(line);
    if (known !== undefined) return known;
    const description = Math.min(
      measure(this.doc, BODY, pdfSafe(line.description), COLUMNS.description.width),
      DESCRIPTION_MAX_HEIGHT,
    );
    const dates = measure(this.doc, { ...BODY, size: 10.5 }, serviceDates(line), COLUMNS.dates.width);
    const height = Math.max(description, dates, 14) + ROW_PADDING;
    this.rowHeights.set(line, height);
    return height;
  }

  private row(line: InvoiceDocumentLine, last: boolean): void {
    const { doc } = this;
    const height = this.rowHeight(line);
    const y = this.y;
    style(doc, BODY).text(pdfSafe(line.description), COLUMNS.description.x, y, {
      ...textOptions(BODY, COLUMNS.description.width),
      height: DESCRIPTION_MAX_HEIGHT,
      ellipsis: true,
    });
    const dates = { ...BODY, size: 10.5, color: COLORS.muted };
    write(doc, dates, serviceDates(line), COLUMNS.dates.x, y + 0.8, COLUMNS.dates.width);
    write(doc, AMOUNT, groupThousands(line.amount), COLUMNS.amount.x, y, COLUMNS.amount.width, 'right');
    this.y += height;
    if (!last) rule(doc, MX, RIGHT, this.y - ROW_PADDING / 2 - 1, COLORS.rule, 0.4);
  }

  /** One treatment's table; long ones flow onto the next pages with the heading repeated. */
  private section(section: Section, several: boolean): void {
    const { doc } = this;
    // The heading and the column names stay with the first line.
    this.ensure(HEADING_HEIGHT + TABLE_HEADER_HEIGHT + this.rowHeight(section.lines[0]!));
    this.sectionHeading(section);
    this.tableHeader();
    section.lines.forEach((line, i) => {
      if (this.ensure(this.rowHeight(line))) {
        this.sectionHeading(section);
        this.tableHeader();
      }
      this.row(line, i === section.lines.length - 1);
    });
    rule(doc, MX, RIGHT, this.y - ROW_PADDING / 2 - 1, COLORS.ink, 0.6);
    this.y += 2;
    if (several) {
      const sum = section.lines.reduce((acc, l) => acc.plus(l.amount), new Decimal(0)).toFixed(2);
      this.ensure(20);
      write(doc, LABEL, label('Subtotal'), COLUMNS.dates.x, this.y + 3.5, COLUMNS.dates.width);
      write(doc, AMOUNT, groupThousands(sum), COLUMNS.amount.x, this.y, COLUMNS.amount.width, 'right');
      this.y += 18;
    }
    if (section.key === 'toms') {
      const width = WIDTH * 0.8;
      const statement = pdfSafe(TOMS_STATEMENT);
      this.ensure(measure(doc, NOTE, statement, width) + 4);
      this.y += write(doc, NOTE, statement, MX, this.y + 2, width) + 4;
    }
    this.y += 14;
  }

  private total(): void {
    const { doc, input } = this;
    const x = RIGHT - 250;
    rule(doc, x, RIGHT, this.y, COLORS.gold, 0.8);
    const caption = label(input.kind === 'credit_note' ? 'Total credited' : 'Total due');
    write(doc, { ...LABEL, size: 7, color: COLORS.ink, spacing: 1.6 }, caption, x, this.y + 17, 110);
    const amount = `${input.currency} ${groupThousands(input.total)}`;
    write(doc, { face: 'serifBold', size: 21, tabular: true }, amount, x + 80, this.y + 7, 170, 'right');
    rule(doc, x, RIGHT, this.y + 38, COLORS.gold, 0.8);
    this.y += TOTAL_HEIGHT;
  }

  private paymentItems(): { name: string; value: string; width: number; x: number }[] {
    const { input } = this;
    const bank = input.seller.bank;
    if (!bank) return [];
    const account = paperAccountNumber(bank.account_number);
    const items: [string, string, number][] = [
      ['Account name', bank.account_name || input.seller.name, 0.29],
      ['Bank', bank.bank_name, 0.2],
      [account.label, account.value, 0.35],
      ['SWIFT / BIC', bank.swift ?? '', 0.16],
    ];
    let x = MX;
    return items.map(([name, value, share]) => {
      const item = { name, value: pdfSafe(value), width: share * WIDTH - 10, x };
      x += share * WIDTH;
      return item;
    });
  }

  private paymentClosing(): string {
    const { number, due_date } = this.input;
    return `Please quote ${number} as the payment reference. Payment is due by ${formatDay(due_date)}.`;
  }

  private paymentHeight(): number {
    const items = this.paymentItems();
    if (!items.length) return 0;
    const values = items.map((i) => measure(this.doc, STRONG, i.value, i.width));
    return 18 + 11 + Math.max(...values) + 10 + measure(this.doc, CLOSING, this.paymentClosing(), WIDTH);
  }

  /** The Income account in the invoice currency, and the reference to quote. */
  private paymentDetails(): void {
    const { doc } = this;
    const items = this.paymentItems();
    if (!items.length) return;
    const gold: TextStyle = { ...LABEL, color: COLORS.gold, size: 6.8, spacing: 1.8 };
    write(doc, gold, label('Payment details'), MX, this.y, WIDTH);
    this.y += 18;
    let tallest = 0;
    for (const item of items) {
      if (!item.value) continue;
      write(doc, LABEL, label(item.name), item.x, this.y, item.width + 8);
      tallest = Math.max(tallest, write(doc, STRONG, item.value, item.x, this.y + 11, item.width));
    }
    this.y += 11 + tallest + 10;
    this.y += write(doc, CLOSING, this.paymentClosing(), MX, this.y, WIDTH);
  }

  /** Each page's foot: the seller's particulars and "Page x of y", once the count is known. */
  private footers(): void {
    const { doc, input } = this;
    const range = doc.bufferedPageRange();
    const taxes = taxLabels(input.seller.base_currency);
    const particulars = [
      input.seller.name,
      input.seller.registration_number ? `${taxes.registration} ${input.seller.registration_number}` : '',
      input.seller.vat_number ? `${taxes.vat} ${input.seller.vat_number}` : '',
    ]
      .filter(Boolean)
      .join('  ·  ');
    for (let i = 0; i < range.count; i += 1) {
      doc.switchToPage(range.start + i);
      const y = PAGE.height - 50;
      rule(doc, MX, RIGHT, y, COLORS.rule, 0.5);
      const foot: TextStyle = { face: 'serif', size: 9.5, color: COLORS.muted };
      style(doc, foot);
      doc.text(pdfSafe(particulars), MX, y + 9, {
        ...textOptions(foot, WIDTH - 90),
        lineBreak: false,
        ellipsis: true,
      });
      const page = `Page ${i + 1} of ${range.count}`;
      doc.text(page, RIGHT - 90, y + 9, { ...textOptions(foot, 90, 'right'), lineBreak: false });
    }
  }
}

/** The PDF's bytes; the same input gives the same bytes. */
export async function renderInvoicePdf(input: InvoiceDocument): Promise<Buffer> {
  const title = `${input.kind === 'credit_note' ? 'Credit note' : 'Invoice'} ${input.number}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    bufferPages: true,
    info: {
      Title: title,
      Author: pdfSafe(input.seller.name),
      Subject: pdfSafe(`${title} to ${input.bill_to.name}`),
      // The issue date, not now: the file is remade on each call and must not change.
      CreationDate: new Date(`${input.issue_date}T00:00:00Z`),
    },
  });
  // A parsed fontkit font is a source pdfkit accepts; its types know only files and bytes.
  for (const [face, font] of Object.entries(fonts())) doc.registerFont(face, font as Buffer);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  new InvoiceLayout(doc, input).render();
  doc.end();
  return done;
}
