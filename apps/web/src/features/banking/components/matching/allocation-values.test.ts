import { describe, expect, it } from 'vitest';
import type { OpenDocument } from '../../api/matching/open-document.ts';
import {
  allocationBody,
  choiceFromDocument,
  choiceFromSuggestion,
  impliedRate,
  readAmount,
} from './allocation-values.ts';
import { AED_SUGGESTION, GBP_RECEIPT, GBP_SUGGESTION, USD_RECEIPT } from './matching-fixtures.ts';

const AED_INVOICE: OpenDocument = {
  kind: 'invoice',
  id: 30,
  number: 'BSLF-INV-2026-0030',
  counterparty: { id: 5, name: 'Irina Belova' },
  currency: 'AED',
  total: '900.00',
  open_amount: '900.00',
  due_date: null,
};

describe('allocation values', () => {
  it('reads positive amounts of at most two places only', () => {
    expect(readAmount('12.5')?.toFixed(2)).toBe('12.50');
    for (const bad of ['', '0', '0.00', '-5', '1.234', '1e3', 'abc', '0x10'])
      expect(readAmount(bad)).toBeNull();
  });

  it('takes the suggestion’s amounts, and for a searched document in one currency the smaller open side', () => {
    expect(choiceFromSuggestion(AED_SUGGESTION)).toMatchObject({
      amount: '500.00',
      invoiceAmount: '1836.25',
    });
    const gbp = { ...AED_INVOICE, currency: 'GBP' as const, open_amount: '600.00' };
    expect(choiceFromDocument(GBP_RECEIPT, gbp)).toMatchObject({ amount: '600.00', invoiceAmount: '600.00' });
    expect(choiceFromDocument({ ...GBP_RECEIPT, open_amount: '250.10' }, gbp)).toMatchObject({
      amount: '250.10',
    });
  });

  it('leaves the document’s side empty across currencies unless the document is also suggested', () => {
    expect(choiceFromDocument(USD_RECEIPT, AED_INVOICE)).toMatchObject({
      amount: '1000.00',
      invoiceAmount: '',
    });
    const suggested = { ...AED_INVOICE, id: AED_SUGGESTION.id };
    expect(choiceFromDocument(USD_RECEIPT, suggested, [GBP_SUGGESTION, AED_SUGGESTION])).toMatchObject({
      amount: '500.00',
      invoiceAmount: '1836.25',
    });
  });

  it('sends invoice_amount only across currencies, and nothing until both amounts read', () => {
    expect(allocationBody(GBP_RECEIPT, { kind: 'bill', id: 3, currency: 'GBP' }, '10', '99')).toEqual({
      transaction: 42,
      bill: 3,
      amount: '10.00',
    });
    expect(allocationBody(USD_RECEIPT, AED_INVOICE, '100', '')).toBeNull();
    expect(allocationBody(USD_RECEIPT, AED_INVOICE, '100', '367.25')).toEqual({
      transaction: 41,
      invoice: 30,
      amount: '100.00',
      invoice_amount: '367.25',
    });
  });

  it('gives the implied rate to six places, exactly', () => {
    expect(impliedRate('500.00', '1836.25')).toBe('3.672500');
    expect(impliedRate('3', '1')).toBe('0.333333');
    expect(impliedRate('3', '')).toBeNull();
  });
});
