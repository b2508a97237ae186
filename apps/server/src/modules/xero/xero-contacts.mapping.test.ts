import { describe, expect, it } from 'vitest';
import { parseXeroDate, xeroFingerprint } from './xero-api.ts';
import {
  type ContactSource,
  changedDetails,
  fromXeroContact,
  toXeroContact,
} from './xero-contacts.mapping.ts';

const anna: ContactSource = {
  kind: 'client',
  id: 7,
  name: 'Anna Karenina',
  email: 'anna@example.com',
  phone: null,
  address: '1 Nevsky',
  city: 'Saint Petersburg',
  country: null,
  archived: false,
};

describe('the Xero form of a client or supplier', () => {
  it('maps name, number, email, phone and street address; an archived record is ARCHIVED', () => {
    expect(toXeroContact(anna)).toEqual({
      Name: 'Anna Karenina',
      ContactNumber: 'CLIENT-7',
      ContactStatus: 'ACTIVE',
      EmailAddress: 'anna@example.com',
      Phones: [{ PhoneType: 'DEFAULT', PhoneNumber: '' }],
      Addresses: [{ AddressType: 'STREET', AddressLine1: '1 Nevsky', City: 'Saint Petersburg', Country: '' }],
      IsCustomer: true,
    });
    const supplier = toXeroContact({ ...anna, kind: 'supplier', archived: true });
    expect(supplier).toMatchObject({
      ContactNumber: 'SUPPLIER-7',
      ContactStatus: 'ARCHIVED',
      IsSupplier: true,
    });
  });

  it('fingerprints change with what is sent, not otherwise', () => {
    const fp = xeroFingerprint(toXeroContact(anna));
    expect(xeroFingerprint(toXeroContact({ ...anna }))).toBe(fp);
    expect(xeroFingerprint(toXeroContact({ ...anna, city: 'Moscow' }))).not.toBe(fp);
    expect(fp).toMatch(/^[0-9a-f]{64}$/);
  });

  it("reads Xero's email, DEFAULT phone (codes joined) and STREET address; a part missing is left out", () => {
    expect(
      fromXeroContact({
        EmailAddress: 'A@x.com',
        Phones: [
          { PhoneType: 'MOBILE', PhoneNumber: '999' },
          { PhoneType: 'DEFAULT', PhoneCountryCode: '44', PhoneAreaCode: '20', PhoneNumber: '1234' },
        ],
        Addresses: [
          { AddressType: 'POBOX', AddressLine1: 'PO 1' },
          {
            AddressType: 'STREET',
            AddressLine1: '5 Moika',
            AddressLine2: 'Flat 2',
            City: 'Petrograd',
            Country: '',
          },
        ],
      }),
    ).toEqual({
      email: 'A@x.com',
      phone: '44 20 1234',
      address: '5 Moika, Flat 2',
      city: 'Petrograd',
      country: null,
    });
    expect(fromXeroContact({ Name: 'x' })).toEqual({});
  });

  it('only what differs comes back (email case aside)', () => {
    expect(
      changedDetails(anna, { email: 'ANNA@example.com', city: 'Saint Petersburg', phone: null }),
    ).toEqual({});
    expect(changedDetails(anna, { email: 'new@example.com', country: 'Russia', address: null })).toEqual({
      email: 'new@example.com',
      country: 'Russia',
      address: null,
    });
  });

  it("parses Xero's dates", () => {
    expect(parseXeroDate('/Date(1700000000000+0000)/')?.getTime()).toBe(1700000000000);
    expect(parseXeroDate('2026-11-25T10:00:00')?.toISOString()).toBe('2026-11-25T10:00:00.000Z');
    expect(parseXeroDate(undefined)).toBeNull();
  });
});
