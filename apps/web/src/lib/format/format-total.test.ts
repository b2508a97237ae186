import { describe, expect, it } from 'vitest';
import { formatTotal } from './format-total.ts';

describe('formatTotal', () => {
  it('says an estimated total is about so many, grouped; an exact one as counted', () => {
    expect(formatTotal(48000, true)).toBe('about 48,000');
    expect(formatTotal(1234567, true)).toBe('about 1,234,567');
    expect(formatTotal(312)).toBe('312');
    expect(formatTotal(1000, false)).toBe('1000');
  });
});
