import { describe, expect, it } from 'vitest';
import { formatAuditValue } from './format-change.ts';

describe('formatAuditValue', () => {
  it('shows recorded values as a person reads them', () => {
    expect(formatAuditValue(null)).toBe('—');
    expect(formatAuditValue('')).toBe('—');
    expect(formatAuditValue(true)).toBe('Yes');
    expect(formatAuditValue('2026-05-01')).toBe('01/05/2026');
    expect(formatAuditValue(['luxury', 'dubai'])).toBe('luxury, dubai');
    expect(formatAuditValue({ id: 3, name: 'Fiona Front' })).toBe('Fiona Front');
    expect(formatAuditValue({ id: 9, number: 'CN-2026-0004' })).toBe('CN-2026-0004');
    expect(formatAuditValue('the_one', (v) => (v === 'the_one' ? 'The One' : v))).toBe('The One');
  });
});
