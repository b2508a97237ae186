import { describe, expect, it } from 'vitest';
import {
  buildPickerListUrl,
  buildPickerPreloadUrl,
  listIdentity,
  normalizeSearch,
  pickerExcludeKeys,
  readItems,
  readPickerItems,
  takesNoParams,
} from './picker-query';

describe('buildPickerListUrl', () => {
  it('sends limit, list, the caller params, exclude, search and id for clients, in that order', () => {
    expect(
      buildPickerListUrl({
        object: 'clients',
        params: { region: 2, manager: 'x y' },
        excludeKeys: [3, 4],
        search: 'acme',
        currentId: 7,
      }),
    ).toBe('/api/v1/clients/?limit=20&list=true&region=2&manager=x%20y&exclude=3,4&search=acme&id=7');
  });

  it('omits limit for suppliers, supplier_types and currencies', () => {
    expect(buildPickerListUrl({ object: 'suppliers' })).toBe('/api/v1/suppliers/?list=true');
    expect(buildPickerListUrl({ object: 'supplier_types' })).toBe('/api/v1/supplier_types/?list=true');
    expect(buildPickerListUrl({ object: 'currencies' })).toBe('/api/v1/currencies/?list=true');
    expect(buildPickerListUrl({ object: 'banks' })).toBe('/api/v1/banks/?limit=20&list=true');
  });

  it('sends id only for suppliers and clients', () => {
    expect(buildPickerListUrl({ object: 'suppliers', currentId: 'abc' })).toBe(
      '/api/v1/suppliers/?list=true&id=abc',
    );
    expect(buildPickerListUrl({ object: 'banks', currentId: 5 })).toBe('/api/v1/banks/?limit=20&list=true');
  });

  it('never sends exclude for currencies and sends the display field with the search', () => {
    expect(
      buildPickerListUrl({ object: 'currencies', excludeKeys: ['USD'], search: 'eu', displayField: 'named' }),
    ).toBe('/api/v1/currencies/?list=true&search=eu&named=eu');
  });

  it('sends suppliers/tags without any params', () => {
    expect(
      buildPickerListUrl({
        object: 'suppliers/tags',
        params: { a: 1 },
        search: 'x',
        excludeKeys: [1],
        currentId: 2,
      }),
    ).toBe('/api/v1/suppliers/tags/');
  });

  it('trims a leading space from the search and leaves out empty values', () => {
    expect(
      buildPickerListUrl({
        object: 'clients',
        search: '   new york ',
        params: { a: null, b: '' },
        excludeKeys: [],
      }),
    ).toBe('/api/v1/clients/?limit=20&list=true&search=new%20york%20');
    expect(buildPickerListUrl({ object: 'clients', search: '   ' })).toBe(
      '/api/v1/clients/?limit=20&list=true',
    );
  });

  it('joins array params with commas', () => {
    expect(buildPickerListUrl({ object: 'managers', params: { role: ['FO', 'BO'] } })).toBe(
      '/api/v1/managers/?limit=20&list=true&role=FO,BO',
    );
  });
});

describe('other picker helpers', () => {
  it('builds the preload URL with search and item=true', () => {
    expect(buildPickerPreloadUrl('clients', 42)).toBe('/api/v1/clients/?search=42&item=true');
    expect(buildPickerPreloadUrl('managers/picker', 1, undefined, { with_admins: true })).toBe(
      '/api/v1/managers/picker/?search=1&item=true&with_admins=true',
    );
    expect(buildPickerPreloadUrl('clients', 'Acme & Co')).toBe(
      '/api/v1/clients/?search=Acme%20%26%20Co&item=true',
    );
  });

  it('identifies a list by endpoint and params regardless of key order', () => {
    expect(listIdentity('clients', { a: 1, b: 2 })).toBe(listIdentity('clients', { b: 2, a: 1 }));
    expect(listIdentity('clients', { a: 1 })).not.toBe(listIdentity('clients', { a: 2 }));
    expect(listIdentity('clients', {})).not.toBe(listIdentity('suppliers', {}));
  });

  it('trims only leading spaces', () => {
    expect(normalizeSearch('  a b ')).toBe('a b ');
  });

  it('reads the array under data', () => {
    expect(readItems({ data: [1, 2] })).toEqual([1, 2]);
    expect(readItems({ data: null })).toEqual([]);
    expect(readItems(null)).toEqual([]);
  });

  it('reads bare strings (suppliers/tags) as items keyed and labelled by themselves', () => {
    expect(readPickerItems({ data: ['VIP', 'Yachts'] }, 'id', 'name')).toEqual([
      { id: 'VIP', name: 'VIP' },
      { id: 'Yachts', name: 'Yachts' },
    ]);
    expect(readPickerItems({ data: ['EUR'] }, 'named', 'named')).toEqual([{ named: 'EUR' }]);
    const record = { id: 1, name: 'Acme' };
    expect(readPickerItems({ data: [record, null, ['x']] }, 'id', 'name')).toEqual([record]);
    expect(readPickerItems(undefined, 'id', 'name')).toEqual([]);
  });

  it('knows which objects take no params', () => {
    expect(takesNoParams('suppliers/tags')).toBe(true);
    expect(takesNoParams('/suppliers/tags/')).toBe(true);
    expect(takesNoParams('suppliers')).toBe(false);
  });
});

describe('exclude, single versus multi choice', () => {
  it('sends the chosen keys as exclude in multi choice', () => {
    const excludeKeys = pickerExcludeKeys(true, [3, 4]);
    expect(excludeKeys).toEqual([3, 4]);
    expect(buildPickerListUrl({ object: 'banks', excludeKeys })).toBe(
      '/api/v1/banks/?limit=20&list=true&exclude=3,4',
    );
  });

  it('sends no exclude in single choice, so the current item is not hidden from its own list', () => {
    // a deliberate reading of spec 7: excluding the one selected item would drop the current
    // choice from the list the person is looking at; suppliers and clients get it as `id` instead
    const excludeKeys = pickerExcludeKeys(false, [7]);
    expect(excludeKeys).toEqual([]);
    expect(buildPickerListUrl({ object: 'banks', excludeKeys, currentId: 7 })).toBe(
      '/api/v1/banks/?limit=20&list=true',
    );
    expect(buildPickerListUrl({ object: 'clients', excludeKeys, currentId: 7 })).toBe(
      '/api/v1/clients/?limit=20&list=true&id=7',
    );
  });
});
