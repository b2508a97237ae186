import { describe, expect, it } from 'vitest';
import { toFormData } from './form-data.ts';

describe('form-data helper (spec 7)', () => {
  it('formats dates as UTC date-time strings', () => {
    const form = toFormData({ when: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)) });
    expect(form.get('when')).toBe('2026-01-02T03:04:05.000Z');
  });

  it('attaches files with their names', () => {
    const file = new File(['hello'], 'hello.txt', { type: 'text/plain' });
    const form = toFormData({ file });
    const sent = form.get('file');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('hello.txt');
  });

  it('uses bracketed keys for nested objects and arrays', () => {
    const form = toFormData({ client: { name: 'Ann', tags: ['a', 'b'] }, items: [{ id: 1 }, { id: 2 }] });
    expect([...form.entries()]).toEqual([
      ['client[name]', 'Ann'],
      ['client[tags][0]', 'a'],
      ['client[tags][1]', 'b'],
      ['items[0][id]', '1'],
      ['items[1][id]', '2'],
    ]);
  });

  it('sends null as an empty value and leaves undefined out', () => {
    const form = toFormData({ a: null, b: undefined, c: false, d: 0 });
    expect([...form.entries()]).toEqual([
      ['a', ''],
      ['c', 'false'],
      ['d', '0'],
    ]);
  });
});
