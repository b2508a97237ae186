import { describe, expect, it } from 'vitest';
import { referenceWords } from './reference-words.ts';

describe('referenceWords', () => {
  it('rebuilds invoice numbers whatever the bank did to their separators', () => {
    expect(referenceWords('Payment BSLF-INV-2026-0007 thank you')).toContain('BSLF-INV-2026-0007');
    expect(referenceWords('BSLFINV20260007')).toContain('BSLF-INV-2026-0007');
    expect(referenceWords('ref bslf inv 2026 7')).toContain('BSLF-INV-2026-0007');
    expect(referenceWords('TPRO/CN/2026/0012')).toContain('TPRO-CN-2026-0012');
  });

  it('finds request numbers and keeps other numbered tokens', () => {
    const words = referenceWords('Booking BSLF-2026-00042 supplier inv 4471-A');
    expect(words).toContain('BSLF-2026-00042');
    expect(words).toContain('4471-A');
    expect(words).not.toContain('BOOKING');
  });

  it('answers nothing for an empty text and bounds the list', () => {
    expect(referenceWords(null)).toEqual([]);
    expect(referenceWords(Array.from({ length: 50 }, (_, i) => `X${i}00`).join(' ')).length).toBe(20);
  });
});
