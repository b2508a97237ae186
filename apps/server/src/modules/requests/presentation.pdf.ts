import PDFDocument from 'pdfkit';
import {
  formatDay,
  formatMoney,
  formatStay,
  nightsBetween,
  nightsLabel,
  type OffersLetter,
  policyLabel,
  roomLabel,
} from './offers.format.ts';

/**
 * The Presentation form of hotel offers: a landscape A4 PDF in the manner of a concierge's
 * proposal. An ivory page, the company's name in spaced capitals over a fine gold rule, the
 * options side by side as framed cards (two or three a page), the price in the client's currency
 * at the foot of each. Built-in PDF fonts (Times for the voice, Helvetica for small labels), so
 * nothing is loaded from disk.
 */

const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 46;
const COLORS = {
  paper: '#FBF8F2',
  ink: '#2A2724',
  muted: '#8A8279',
  gold: '#A98A56',
  card: '#FFFFFF',
  hairline: '#E4DCCD',
};
const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];

/**
 * The built-in fonts speak Windows-1252: accented Latin letters stay, other scripts lose their
 * accents where that leaves Latin and become '?' otherwise, rather than printing wrong glyphs.
 */
const WIN_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
export function pdfSafe(text: string): string {
  let out = '';
  // Typewriter quotes become typographic ones: "Claridge's" reads Claridge’s.
  const typeset = text
    .normalize('NFC')
    .replace(/(\p{L})'/gu, '$1’')
    .replace(/'/g, '‘');
  for (const ch of typeset) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_EXTRA.has(ch)) out += ch;
    else if (ch === '\n' || ch === '\t') out += ' ';
    else {
      const plain = ch.normalize('NFKD').replace(/\p{M}+/gu, '');
      out += /^[\x20-\x7e]+$/.test(plain) ? plain : '?';
    }
  }
  return out;
}

/** Two or three cards a page: 4 → 2+2, 5 → 3+2, 7 → 3+2+2. */
export function pageGroups<T>(items: readonly T[]): T[][] {
  if (items.length <= 3) return [items.slice()];
  const pages = Math.ceil(items.length / 3);
  const groups: T[][] = [];
  let at = 0;
  for (let p = 0; p < pages; p += 1) {
    const size = Math.ceil((items.length - at) / (pages - p));
    groups.push(items.slice(at, at + size));
    at += size;
  }
  return groups;
}

export interface PresentationInput extends OffersLetter {
  /** The day the proposal is dated (`YYYY-MM-DD`). */
  date: string;
}

type Doc = PDFKit.PDFDocument;

function spaced(doc: Doc, text: string, x: number, y: number, width: number, size: number, color: string) {
  doc
    .font('Helvetica')
    .fontSize(size)
    .fillColor(color)
    .text(pdfSafe(text).toUpperCase(), x, y, { width, align: 'center', characterSpacing: size * 0.28 });
}

function pageFrame(doc: Doc, input: PresentationInput, page: number, pages: number) {
  doc.rect(0, 0, PAGE.width, PAGE.height).fill(COLORS.paper);
  const inner = PAGE.width - MARGIN * 2;
  spaced(doc, input.companyName, MARGIN, 34, inner, 9.5, COLORS.ink);
  const mid = PAGE.width / 2;
  doc
    .moveTo(mid - 36, 54)
    .lineTo(mid + 36, 54)
    .lineWidth(0.6)
    .strokeColor(COLORS.gold)
    .stroke();
  doc
    .font('Times-Italic')
    .fontSize(23)
    .fillColor(COLORS.ink)
    .text(
      pdfSafe(
        `${input.offers.length > 1 ? 'A selection of stays' : 'A stay proposed'} for ${input.clientName}`,
      ),
      MARGIN,
      66,
      {
        width: inner,
        align: 'center',
        lineBreak: false,
        ellipsis: true,
        height: 30,
      },
    );
  spaced(
    doc,
    `Request ${input.requestNumber}  ·  ${formatDay(input.date)}  ·  Prepared by ${input.senderName}`,
    MARGIN,
    99,
    inner,
    6.5,
    COLORS.muted,
  );
  // Footer
  doc
    .moveTo(MARGIN, PAGE.height - 44)
    .lineTo(PAGE.width - MARGIN, PAGE.height - 44)
    .lineWidth(0.4)
    .strokeColor(COLORS.hairline)
    .stroke();
  doc
    .font('Times-Italic')
    .fontSize(8.5)
    .fillColor(COLORS.muted)
    .text(
      'Rates are quoted for the whole stay and remain subject to availability at the time of booking.',
      MARGIN,
      PAGE.height - 36,
      { width: inner * 0.75, lineBreak: false },
    );
  doc
    .font('Helvetica')
    .fontSize(6.5)
    .fillColor(COLORS.muted)
    .text(`${page} / ${pages}`, MARGIN, PAGE.height - 35, {
      width: inner,
      align: 'right',
      characterSpacing: 1.5,
      lineBreak: false,
    });
}

function detail(doc: Doc, label: string, value: string, x: number, y: number, width: number): number {
  doc
    .font('Helvetica')
    .fontSize(6.3)
    .fillColor(COLORS.muted)
    .text(label.toUpperCase(), x, y, { width, align: 'center', characterSpacing: 1.6, lineBreak: false });
  doc.font('Times-Roman').fontSize(11.5).fillColor(COLORS.ink);
  const text = pdfSafe(value);
  const height = Math.min(doc.heightOfString(text, { width, align: 'center' }), 30);
  doc.text(text, x, y + 10, { width, height, align: 'center', ellipsis: true });
  return y + 10 + height + 11;
}

function card(
  doc: Doc,
  offer: PresentationInput['offers'][number],
  index: number,
  x: number,
  y: number,
  width: number,
  height: number,
) {
  doc.rect(x, y, width, height).fill(COLORS.card);
  doc.rect(x, y, width, height).lineWidth(0.5).strokeColor(COLORS.hairline).stroke();
  doc
    .rect(x + 5, y + 5, width - 10, height - 10)
    .lineWidth(0.5)
    .strokeColor(COLORS.gold)
    .stroke();

  const pad = 26;
  const inner = width - pad * 2;
  const left = x + pad;
  spaced(doc, `Option ${ROMAN[index] ?? String(index + 1)}`, left, y + 26, inner, 6.8, COLORS.gold);

  doc.font('Times-Roman').fontSize(19).fillColor(COLORS.ink);
  const name = pdfSafe(offer.hotel_name);
  const nameHeight = Math.min(doc.heightOfString(name, { width: inner, align: 'center' }), 48);
  doc.text(name, left, y + 44, { width: inner, align: 'center', height: nameHeight, ellipsis: true });
  let at = y + 44 + nameHeight + 8;
  const mid = x + width / 2;
  doc
    .moveTo(mid - 14, at)
    .lineTo(mid + 14, at)
    .lineWidth(0.6)
    .strokeColor(COLORS.gold)
    .stroke();
  at += 10;
  const nights = nightsBetween(offer.date_from, offer.date_to);
  doc.font('Times-Italic').fontSize(11).fillColor(COLORS.muted);
  const stay = pdfSafe(formatStay(offer.date_from, offer.date_to));
  const stayHeight = Math.min(doc.heightOfString(stay, { width: inner, align: 'center' }), 28);
  doc.text(stay, left, at, { width: inner, align: 'center', height: stayHeight, ellipsis: true });
  at += stayHeight + 3;
  spaced(doc, nightsLabel(nights), left, at, inner, 6.3, COLORS.gold);
  at += 22;

  const guests = offer.pax ? `, ${offer.pax} ${offer.pax === 1 ? 'guest' : 'guests'}` : '';
  at = detail(doc, 'Accommodation', `${roomLabel(offer.room_type)}${guests}`, left, at, inner);
  at = detail(doc, 'Dining', offer.meal, left, at, inner);
  at = detail(doc, 'Cancellation', policyLabel(offer.cancellation_policy), left, at, inner);

  const priceTop = y + height - 78;
  if (offer.notes && at < priceTop - 24) {
    doc
      .font('Times-Italic')
      .fontSize(9.5)
      .fillColor(COLORS.muted)
      .text(pdfSafe(offer.notes), left + 8, at + 2, {
        width: inner - 16,
        height: priceTop - 12 - at,
        align: 'center',
        ellipsis: true,
      });
  }

  doc
    .moveTo(left, priceTop)
    .lineTo(left + inner, priceTop)
    .lineWidth(0.4)
    .strokeColor(COLORS.hairline)
    .stroke();
  spaced(doc, 'For the stay', left, priceTop + 14, inner, 6.3, COLORS.muted);
  doc
    .font('Times-Roman')
    .fontSize(20)
    .fillColor(COLORS.ink)
    .text(formatMoney(offer.price, offer.price_currency), left, priceTop + 28, {
      width: inner,
      align: 'center',
      lineBreak: false,
    });
}

/** The PDF's bytes. */
export async function renderPresentation(input: PresentationInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    autoFirstPage: false,
    info: {
      Title: pdfSafe(`Hotel options for ${input.clientName}`),
      Author: pdfSafe(input.companyName),
      Subject: pdfSafe(`Request ${input.requestNumber}`),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const groups = pageGroups(input.offers);
  let index = 0;
  groups.forEach((group, p) => {
    doc.addPage({ size: 'A4', layout: 'landscape', margin: 0 });
    pageFrame(doc, input, p + 1, groups.length);
    const gap = 22;
    const top = 128;
    const height = PAGE.height - top - 62;
    // Two or three cards share the width; a single one keeps a card's proportions, centred.
    const slots = Math.max(group.length, 3);
    const width = (PAGE.width - MARGIN * 2 - gap * (slots - 1)) / slots + (group.length < 3 ? 24 : 0);
    const used = width * group.length + gap * (group.length - 1);
    const start = (PAGE.width - used) / 2;
    group.forEach((offer, i) => {
      card(doc, offer, index, start + i * (width + gap), top, width, height);
      index += 1;
    });
  });
  doc.end();
  return done;
}
