import { describe, expect, it } from 'vitest';
import { addMenuEntries } from './add-menu.tsx';

const entries = (role: 'Admin' | 'Accountant' | 'FO' | 'BO') =>
  addMenuEntries({ role, type: 'user', permissions: [] }).map((e) => `${e.label} -> ${e.to}`);

describe('Add... menu (spec 2.3 and 6)', () => {
  it('offers the accounting request only to Admin and Accountant', () => {
    const both = ['New request -> /requests/create', 'New accounting request -> /requests/create-accounting'];
    expect(entries('Admin')).toEqual(both);
    expect(entries('Accountant')).toEqual(both);
    expect(entries('FO')).toEqual(['New request -> /requests/create']);
    expect(entries('BO')).toEqual(['New request -> /requests/create']);
  });
});
