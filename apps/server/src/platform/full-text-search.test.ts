import { describe, expect, it } from 'vitest';
import { exactQuery, fold, prefixQuery, searchId, searchVector, sortKey } from './full-text-search.ts';

describe('search words', () => {
  it('folds case and accents, including letters without a combining mark', () => {
    expect(fold('Émilie ØRSTED Straße Łódź')).toBe('emilie orsted strasse lodz');
    expect(fold('Ёлкин Иван')).toBe('елкин иван');
  });

  it('stores each word once, phone digits whole, and only letters and digits', () => {
    expect(searchVector(['Anna-Maria O’Neil', 'anna@example.com'], ['447700900123'])).toBe(
      "'anna' 'maria' 'o' 'neil' 'example' 'com' '447700900123'",
    );
  });

  it('turns typed text into a prefix query where every word must match', () => {
    expect(prefixQuery("  Jo  SMI' ")).toBe("'jo':* & 'smi':*");
    expect(prefixQuery(' -- ')).toBeNull();
    expect(exactQuery('Anna Karenina')).toBe("'anna' & 'karenina'");
  });

  it('recognises an id and builds a sort key', () => {
    expect(searchId(' 42 ')).toBe(42);
    expect(searchId('4a')).toBeNull();
    expect(sortKey('Ørsted', '  Émilie ')).toBe('orsted emilie');
  });
});
