import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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
 * at the foot of each. Cormorant Garamond for the voice, Montserrat for the small spaced labels
 * (SIL Open Font License, from the npm packages `@expo-google-fonts/*`): both cover Latin and
 * Cyrillic, so Russian names print as written. Chinese is not covered (a CJK font is ~10 MB a
 * weight): a character no font holds prints as '?', never as an empty box.
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

/** The faces by role, and the font file of each inside its npm package. */
const FONT_FILES = {
  serif: '@expo-google-fonts/cormorant-garamond/500Medium/CormorantGaramond_500Medium.ttf',
  serifItalic:
    '@expo-google-fonts/cormorant-garamond/500Medium_Italic/CormorantGaramond_500Medium_Italic.ttf',
  label: '@expo-google-fonts/montserrat/500Medium/Montserrat_500Medium.ttf',
} as const;
type Face = keyof typeof FONT_FILES;

interface LoadedFonts {
  files: Record<Face, Buffer>;
  /** Code points every face has a glyph for. */
  covered: ReadonlySet<number>;
}

/** fontkit is pdfkit's own font reader; only its character sets are read here. */
interface FontkitFont {
  characterSet: number[];
}
const fontkit = createRequire(import.meta.url)('fontkit') as { create(data: Buffer): FontkitFont };

let loaded: LoadedFonts | null = null;

/** The font files, read once per process. */
function fonts(): LoadedFonts {
  if (loaded) return loaded;
  const resolve = createRequire(import.meta.url).resolve;
  const files = Object.fromEntries(
    Object.entries(FONT_FILES).map(([face, path]) => [face, readFileSync(resolve(path))]),
  ) as Record<Face, Buffer>;
  const sets = Object.values(files).map((b) => new Set(fontkit.create(b).characterSet));
  const covered = new Set([...sets[0]!].filter((cp) => sets.every((s) => s.has(cp))));
  loaded = { files, covered };
  return loaded;
}

/**
 * Text as the fonts can print it: typewriter quotes become typographic ones, a letter the fonts
 * lack loses its accent where that leaves one they have, and anything else (Chinese) becomes '?',
 * rather than an empty box.
 */
export function pdfSafe(text: string): string {
  const { covered } = fonts();
  const has = (s: string) => [...s].every((c) => covered.has(c.codePointAt(0)!));
  let out = '';
  // Typewriter quotes become typographic ones: "Claridge's" reads Claridge’s.
  const typeset = text
    .normalize('NFC')
    .replace(/(\p{L})'/gu, '$1’')
    .replace(/'/g, '‘');
  for (const ch of typeset) {
    if (ch === '\n' || ch === '\t') out += ' ';
    else if (has(ch)) out += ch;
    else {
      const plain = ch.normalize('NFKD').replace(/\p{M}+/gu, '');
      out += plain && has(plain) ? plain : '?';
    }
  }
  return out;
}

/**
 * " for Анна Кузнецова", or nothing when the fonts cannot print the name (Chinese: no CJK font is
 * bundled, at 6 MB and more): a title reads better without a name than with question marks.
 */
export function forClient(name: string): string {
  const safe = pdfSafe(name);
  return safe.includes('?') && !name.includes('?') ? '' : ` for ${safe}`;
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
    .font('label')
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
    .font('serifItalic')
    .fontSize(25)
    .fillColor(COLORS.ink)
    .text(
      pdfSafe(
        `${input.offers.length > 1 ? 'A selection of stays' : 'A stay proposed'}${forClient(input.clientName)}`,
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
    .font('serifItalic')
    .fontSize(9.5)
    .fillColor(COLORS.muted)
    .text(
      'Rates are quoted for the whole stay and remain subject to availability at the time of booking.',
      MARGIN,
      PAGE.height - 36,
      { width: inner * 0.75, lineBreak: false },
    );
  doc
    .font('label')
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
    .font('label')
    .fontSize(6.3)
    .fillColor(COLORS.muted)
    .text(label.toUpperCase(), x, y, { width, align: 'center', characterSpacing: 1.6, lineBreak: false });
  doc.font('serif').fontSize(12.5).fillColor(COLORS.ink);
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

  doc.font('serif').fontSize(21).fillColor(COLORS.ink);
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
  doc.font('serifItalic').fontSize(12.5).fillColor(COLORS.muted);
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
      .font('serifItalic')
      .fontSize(10.5)
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
    .font('serif')
    .fontSize(22)
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
  for (const [face, file] of Object.entries(fonts().files)) doc.registerFont(face, file);
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
