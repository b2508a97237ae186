import { describe, expect, it } from 'vitest';
import { diff } from './audit.service.ts';

describe('diff', () => {
  it('lists each changed field as [before, after] and ignores bookkeeping fields', () => {
    const before = {
      id: 1,
      name: 'Anna',
      tags: ['a'],
      manager: { id: 2, name: 'Fiona' },
      version: 1,
      updated_at: 'x',
      notes: null,
    };
    const after = {
      id: 1,
      name: 'Anna K',
      tags: ['a', 'b'],
      manager: { id: 2, name: 'Fiona' },
      version: 2,
      updated_at: 'y',
      notes: 'hi',
    };
    expect(diff(before, after)).toEqual({
      name: ['Anna', 'Anna K'],
      tags: [['a'], ['a', 'b']],
      notes: [null, 'hi'],
    });
  });

  it('records a creation as every filled field from null, with dates as ISO text', () => {
    const at = new Date('2026-01-15T10:00:00Z');
    expect(diff(null, { name: 'Anna', archived_at: at, email: undefined })).toEqual({
      name: [null, 'Anna'],
      archived_at: [null, '2026-01-15T10:00:00.000Z'],
    });
  });

  it('finds nothing when nothing changed', () => {
    expect(diff({ a: 1, b: [1, 2] }, { a: 1, b: [1, 2] })).toEqual({});
  });
});
