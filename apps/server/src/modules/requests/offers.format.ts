import Decimal from 'decimal.js';

/**
 * How offers read to a client: money as "GBP 12,450.00", stays as "12–15 March 2026 (3 nights)".
 * Shared by the Text message and the Presentation PDF, so both say the same.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "GBP 12,450.00": the currency code, thousands grouped with commas, two places; never a float. */
export function formatMoney(amount: string, currency: string): string {
  const fixed = new Decimal(amount).toFixed(2);
  const negative = fixed.startsWith('-');
  const [int = '0', frac = '00'] = (negative ? fixed.slice(1) : fixed).split('.');
  return `${currency} ${negative ? '-' : ''}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

const parts = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return { y: y!, m: m!, d: d! };
};

/** Nights between two calendar days (`YYYY-MM-DD`). */
export function nightsBetween(from: string, to: string): number {
  const a = Date.UTC(parts(from).y, parts(from).m - 1, parts(from).d);
  const b = Date.UTC(parts(to).y, parts(to).m - 1, parts(to).d);
  return Math.max(0, Math.round((b - a) / 86_400_000));
}

/** "12 March 2026" */
export function formatDay(iso: string): string {
  const { y, m, d } = parts(iso);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/** "12–15 March 2026", "28 March – 2 April 2026", "30 December 2026 – 2 January 2027". */
export function formatStay(from: string, to: string): string {
  const a = parts(from);
  const b = parts(to);
  if (from === to) return formatDay(from);
  if (a.y === b.y && a.m === b.m) return `${a.d}–${b.d} ${MONTHS[b.m - 1]} ${b.y}`;
  if (a.y === b.y) return `${a.d} ${MONTHS[a.m - 1]} – ${b.d} ${MONTHS[b.m - 1]} ${b.y}`;
  return `${formatDay(from)} – ${formatDay(to)}`;
}

export const nightsLabel = (n: number) => `${n} ${n === 1 ? 'night' : 'nights'}`;

/** The cancellation policy as a client reads it. */
export function policyLabel(policy: string): string {
  if (policy === 'Flexible') return 'Flexible, free cancellation';
  if (policy === 'Non refundable') return 'Non-refundable';
  if (policy === 'Both') return 'Flexible and non-refundable rates available';
  return policy;
}

/** The room type as a client reads it. */
export function roomLabel(roomType: string): string {
  if (roomType === 'All possible') return 'Best available room';
  if (roomType === 'One bedroom suite and higher') return 'One-bedroom suite or higher';
  return roomType;
}

/** What both forms show of an offer. */
export interface OfferForClient {
  hotel_name: string;
  room_type: string;
  meal: string;
  cancellation_policy: string;
  date_from: string;
  date_to: string;
  pax: number | null;
  price: string;
  price_currency: string;
  notes: string | null;
}

export interface OffersLetter {
  clientName: string;
  companyName: string;
  senderName: string;
  requestNumber: string;
  offers: OfferForClient[];
}

/** The ready-to-paste message of `send` with `form: 'Text'`. */
export function offersText(letter: OffersLetter): string {
  const many = letter.offers.length > 1;
  const lines: string[] = [
    `Dear ${letter.clientName},`,
    '',
    many
      ? 'Thank you for your request. We are delighted to propose the following options for your stay:'
      : 'Thank you for your request. We are delighted to propose the following option for your stay:',
  ];
  letter.offers.forEach((o, i) => {
    const nights = nightsBetween(o.date_from, o.date_to);
    lines.push(
      '',
      many ? `Option ${i + 1}: ${o.hotel_name}` : o.hotel_name,
      `Dates: ${formatStay(o.date_from, o.date_to)} (${nightsLabel(nights)})`,
      `Room type: ${roomLabel(o.room_type)}${o.pax ? `, ${o.pax} ${o.pax === 1 ? 'guest' : 'guests'}` : ''}`,
      `Meal: ${o.meal}`,
      `Cancellation policy: ${policyLabel(o.cancellation_policy)}`,
      `Price: ${formatMoney(o.price, o.price_currency)} for the stay`,
    );
    if (o.notes) lines.push(`Note: ${o.notes.replace(/\s*\n\s*/g, ' ')}`);
  });
  lines.push(
    '',
    many
      ? 'Please let us know which option you prefer and we will secure it for you right away.'
      : 'Please let us know if you would like us to secure it for you.',
    'Availability and rates are subject to confirmation at the time of booking.',
    '',
    'Kind regards,',
    letter.senderName,
    letter.companyName,
  );
  return lines.join('\n');
}
