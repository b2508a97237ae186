import { describe, expect, it } from 'vitest';
import {
  filterGroups,
  isGroupedData,
  normalizeData,
  optionsForKeys,
  toggleGroup,
  toggleValue,
  toOption,
} from './select-options';

describe('select options', () => {
  it('reads display field named and value field value by default', () => {
    expect(toOption({ named: 'USD', value: 1, extra: 'x' })).toMatchObject({
      key: '1',
      value: 1,
      label: 'USD',
      extra: null,
    });
    expect(
      toOption(
        { title: 'A', id: 'a', ccy: 'EUR' },
        { displayField: 'title', valueField: 'id', extraField: 'ccy' },
      ),
    ).toMatchObject({
      key: 'a',
      label: 'A',
      extra: 'EUR',
    });
  });

  it('treats plain strings as value and label', () => {
    expect(toOption('Economy')).toMatchObject({ key: 'Economy', value: 'Economy', label: 'Economy' });
  });

  it('recognises groups by title and children', () => {
    expect(isGroupedData([{ title: 'G', children: [] }])).toBe(true);
    expect(isGroupedData([{ named: 'x', value: 1 }])).toBe(false);
    const { grouped, options } = normalizeData([{ title: 'G', children: ['a', 'b'] }]);
    expect(grouped).toBe(true);
    expect(options.map((o) => o.key)).toEqual(['a', 'b']);
  });

  it('filters by label case-insensitively and drops empty groups', () => {
    const { groups } = normalizeData([
      { title: 'G1', children: ['Apple', 'Banana'] },
      { title: 'G2', children: ['Cherry'] },
    ]);
    expect(filterGroups(groups, 'aPp')).toEqual([
      { title: 'G1', options: [expect.objectContaining({ key: 'Apple' })] },
    ]);
    expect(filterGroups(groups, '')).toHaveLength(2);
  });

  it('maps query texts to options keeping their value types', () => {
    const { options } = normalizeData([
      { named: 'one', value: 1 },
      { named: 'two', value: 2 },
    ]);
    expect(optionsForKeys(options, ['2', '3']).map((o) => o.value)).toEqual([2]);
  });

  it('toggles values and whole groups', () => {
    expect(toggleValue([1, 2], 2)).toEqual([1]);
    expect(toggleValue([1], 3)).toEqual([1, 3]);
    const { groups } = normalizeData([{ title: 'G', children: ['a', 'b'] }]);
    const g = groups[0]!;
    expect(toggleGroup(['x', 'a'], g)).toEqual(['x', 'a', 'b']);
    expect(toggleGroup(['x', 'a', 'b'], g)).toEqual(['x']);
  });
});
