/**
 * The document numbers a bank's text holds, normalised so suggestions find them by index
 * (decision 0011, "Suggestions"). Banks drop or change separators ('BSLFINV20260007',
 * 'bslf inv 2026 7'), so invoice and credit-note numbers are rebuilt in their printed form
 * (`BSLF-INV-2026-0007`, see `invoice-numbering.ts`) and request numbers as `BSLF-2026-00042`;
 * every other token with a digit is kept upper-cased (a supplier's own bill number).
 */
const INVOICE = /\b([A-Z][A-Z0-9]{1,9}?)[\s._/-]*(INV|CN)[\s._/-]*(\d{4})[\s._/-]*(\d{1,6})\b/g;
const REQUEST = /\b([A-Z][A-Z]{1,9})[\s._/-]*(20\d{2})[\s._/-]*(\d{5})\b/g;
const TOKEN = /[A-Z0-9][A-Z0-9/-]{2,38}[A-Z0-9]/g;
export const REFERENCE_WORDS_MAX = 20;

export function referenceWords(text: string | null | undefined): string[] {
  if (!text) return [];
  const upper = text.toUpperCase();
  const words = new Set<string>();
  for (const m of upper.matchAll(INVOICE)) words.add(`${m[1]}-${m[2]}-${m[3]}-${m[4]!.padStart(4, '0')}`);
  for (const m of upper.matchAll(REQUEST)) words.add(`${m[1]}-${m[2]}-${m[3]}`);
  for (const m of upper.matchAll(TOKEN)) if (/\d/.test(m[0])) words.add(m[0]);
  return [...words].slice(0, REFERENCE_WORDS_MAX);
}
