import { describe, expect, it } from 'vitest';
import {
  formatAddress,
  formatBytes,
  parseAddress,
  readAddressList,
  splitAddressList,
  uniqueAddresses,
} from './mail-addresses.ts';

describe('addresses as typed', () => {
  it('splits at commas and semicolons, not inside quotes or angle brackets', () => {
    expect(splitAddressList('"Lee, Ann" <ann@x.com>; bob@y.com ,  , eve@z.org')).toEqual([
      '"Lee, Ann" <ann@x.com>',
      'bob@y.com',
      'eve@z.org',
    ]);
  });

  it('reads a name and an address, or an address alone, and refuses anything else', () => {
    expect(parseAddress('"Lee, Ann" <ann@x.com>')).toEqual({ name: 'Lee, Ann', address: 'ann@x.com' });
    expect(parseAddress('bob@y.com')).toEqual({ name: '', address: 'bob@y.com' });
    expect(parseAddress('Bob <bob@y>')).toBeNull();
    expect(readAddressList('ann@x.com, not an address, c@d.com')).toEqual({
      addresses: [{ name: '', address: 'ann@x.com' }],
      invalid: 'not an address',
    });
  });

  it('writes them back so they read the same, and drops repeats and our own address', () => {
    expect(formatAddress({ name: 'Lee, Ann', address: 'ann@x.com' })).toBe('"Lee, Ann" <ann@x.com>');
    expect(formatAddress({ name: 'ann@x.com', address: 'ann@x.com' })).toBe('ann@x.com');
    const list = [
      { name: 'A', address: 'a@x.com' },
      { name: 'Us', address: 'London@Example.com' },
      { name: 'A again', address: 'A@x.com' },
    ];
    expect(uniqueAddresses(list, ['london@example.com'])).toEqual([{ name: 'A', address: 'a@x.com' }]);
  });

  it('says a size in B, KB or MB', () => {
    expect([
      formatBytes(900),
      formatBytes(1536),
      formatBytes(2.5 * 1024 * 1024),
      formatBytes(25 * 1024 * 1024),
    ]).toEqual(['900 B', '1.5 KB', '2.5 MB', '25 MB']);
  });
});
