export type CaseMode = 'lower' | 'title' | 'upper';

/**
 * Case modification of spec 2.6. Title case upper-cases the first letter of every word (after a
 * space or hyphen) and lower-cases the rest, as Angular's titlecase did.
 */
export function applyCase(value: string, mode: CaseMode | undefined): string {
  switch (mode) {
    case 'lower':
      return value.toLowerCase();
    case 'upper':
      return value.toUpperCase();
    case 'title':
      return value
        .toLowerCase()
        .replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());
    case undefined:
      return value;
  }
}
