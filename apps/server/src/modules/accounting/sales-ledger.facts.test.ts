import { buyKey, sellKey } from '@app/shared';
import { SAMPLE_PAIR_VALUES, sampleRecords } from '@app/shared/rates/rates.fixtures';
import { describe, expect, it } from 'vitest';
import {
  clientSumKey,
  deriveLedgerRow,
  type LedgerRow,
  type LedgerSource,
  salesSumKey,
  sumDeltas,
} from './sales-ledger.facts.ts';

// Set 1: the sample rates (GBP/USD sell 1.2650 buy 1.2780, GBP/EUR 1.1640/1.1760, GBP/AED
// 4.6450/4.6930, USD/AED 3.6700/3.6800, EUR/AED 3.9850/4.0260, EUR/USD 1.0860/1.0970); the
// inverse records are 1 / the opposite side to 4 places (USD→GBP sell = 1 / 1.2780 = 0.7825).
// Set 2: the same with GBP/USD at 1.3000 / 1.3100 and GBP/AED at 4.8000 / 4.8500.
const set2Values = {
  ...SAMPLE_PAIR_VALUES,
  [sellKey('GBP', 'USD')]: '1.3000',
  [buyKey('GBP', 'USD')]: '1.3100',
  [sellKey('GBP', 'AED')]: '4.8000',
  [buyKey('GBP', 'AED')]: '4.8500',
};
const sets = new Map([
  [1, sampleRecords()],
  [2, sampleRecords(set2Values, '2026-04-01T09:00:00.000Z', 2)],
]);

/** A GBP invoice line of a GBP company: 1250.00 sold, 1000.00 GBP cost, not billed. */
const source = (over: Partial<LedgerSource> = {}): LedgerSource => ({
  invoice_line_id: 10,
  invoice_id: 3,
  kind: 'invoice',
  company_id: 1,
  client_id: 7,
  request_id: 5,
  line_id: 42,
  account_type: 'Toms EU',
  issue_date: '2026-03-20',
  service_date_from: '2026-06-01',
  currency: 'GBP',
  amount: '1250.00',
  base_currency: 'GBP',
  rate: '1.000000',
  rate_set_id: 1,
  line_cost: '1000.00',
  line_cost_currency: 'GBP',
  bill: null,
  ...over,
});

describe('deriveLedgerRow', () => {
  it('values an invoice line with its estimated cost, in base and the four currencies at its set', () => {
    expect(deriveLedgerRow(source(), sets)).toEqual({
      invoice_line_id: 10,
      invoice_id: 3,
      kind: 'invoice',
      company_id: 1,
      client_id: 7,
      request_id: 5,
      line_id: 42,
      account_type: 'Toms EU',
      invoice_date: '2026-03-20',
      service_date: '2026-06-01',
      currency: 'GBP',
      sales: '1250.00',
      base_currency: 'GBP',
      sales_base: '1250.00',
      cost_base: '1000.00',
      cost_source: 'estimated',
      bill_id: null,
      // 1250 × 1.2650, × 1.1640, × 4.6450
      sales_gbp: '1250.00',
      sales_usd: '1581.25',
      sales_eur: '1455.00',
      sales_aed: '5806.25',
      cost_gbp: '1000.00',
      cost_usd: '1265.00',
      cost_eur: '1164.00',
      cost_aed: '4645.00',
    } satisfies LedgerRow);
  });

  it('takes the invoice date when the line has no service date', () => {
    const row = deriveLedgerRow(source({ service_date_from: null }), sets);
    expect([row.service_date, row.invoice_date]).toEqual(['2026-03-20', '2026-03-20']);
  });

  it('estimates a foreign cost at the buy rate of the invoice’s set', () => {
    // buy USD→GBP is the inverse record's rate_buy: 1 / sell GBP→USD = 1 / 1.2650 = 0.7905 (4 places)
    const row = deriveLedgerRow(source({ line_cost: '800.00', line_cost_currency: 'USD' }), sets);
    expect(row.cost_base).toBe('632.40'); // 800 × 0.7905
    // in its own currency the cost is the line's cost, not 632.40 × 1.2650 = 799.986 back from base
    expect(row.cost_usd).toBe('800.00');
    expect(row.cost_gbp).toBe('632.40');
    expect(row.cost_eur).toBe('736.11'); // 632.40 × 1.1640 = 736.1136
    // the invoice's set, not the newest: set 2 values the same cost otherwise (1 / 1.3000 = 0.7692)
    expect(
      deriveLedgerRow(source({ line_cost: '800.00', line_cost_currency: 'USD', rate_set_id: 2 }), sets)
        .cost_base,
    ).toBe('615.36');
  });

  it('costs a billed line at the bill’s stamped rate and converts it at the bill’s set', () => {
    const row = deriveLedgerRow(
      source({
        bill: {
          bill_id: 77,
          currency: 'GBP',
          amount: '1010.10',
          rate: '1.000000',
          rate_set_id: 2,
          base_currency: 'GBP',
        },
      }),
      sets,
    );
    expect(row).toMatchObject({
      cost_source: 'bill',
      bill_id: 77,
      cost_base: '1010.10',
      cost_gbp: '1010.10',
      cost_usd: '1313.13', // 1010.10 × 1.3000 (set 2)
      cost_aed: '4848.48', // 1010.10 × 4.8000 (set 2)
      cost_eur: '1175.76', // 1010.10 × 1.1640 = 1175.7564
      // the sale stays at the invoice's set
      sales_usd: '1581.25',
    });
  });

  it('values a USD sale of an AED company at the invoice’s stamped rate, a EUR bill at the bill’s', () => {
    const row = deriveLedgerRow(
      source({
        currency: 'USD',
        amount: '333.33',
        base_currency: 'AED',
        rate: '3.670000', // sell USD→AED
        bill: {
          bill_id: 78,
          currency: 'EUR',
          amount: '200.00',
          rate: '4.026000',
          rate_set_id: 1,
          base_currency: 'AED',
        },
      }),
      sets,
    );
    expect(row).toMatchObject({
      sales: '333.33',
      sales_base: '1223.32', // 333.33 × 3.67 = 1223.3211
      sales_aed: '1223.32',
      sales_gbp: '260.69', // × AED→GBP 1 / 4.6930 = 0.2131: 260.689492
      // the invoice's own currency: its amount (not 1223.32 × AED→USD 0.2717 = 332.376044)
      sales_usd: '333.33',
      cost_base: '805.20', // 200 × 4.026
      cost_aed: '805.20',
      cost_gbp: '171.59', // 805.20 × 0.2131 = 171.58812
      cost_eur: '200.00', // the bill's own currency: its line's amount (805.20 × 0.2484 = 200.01)
    });
  });

  it('carries a bill of another base to the invoice’s base at the bill’s set', () => {
    const row = deriveLedgerRow(
      source({
        bill: {
          bill_id: 79,
          currency: 'GBP',
          amount: '500.00',
          rate: '4.693000',
          rate_set_id: 1,
          base_currency: 'AED',
        },
      }),
      sets,
    );
    // 500 GBP × 4.693 = 2346.50 AED, × AED→GBP 0.2131 = 500.03915 in the invoice's base; the GBP
    // column is the bill's own currency, so it states the bill: 500.00
    expect(row).toMatchObject({ cost_base: '500.04', cost_aed: '2346.50', cost_gbp: '500.00' });
  });

  it('reverses the sale and the cost of its line on a credit note, to the cent', () => {
    const billed = {
      bill_id: 77,
      currency: 'GBP',
      amount: '0.05',
      rate: '0.500000',
      rate_set_id: 1,
      base_currency: 'GBP',
    };
    const line = deriveLedgerRow(source({ amount: '0.05', rate: '0.500000', bill: billed }), sets);
    const note = deriveLedgerRow(
      source({ invoice_line_id: 11, kind: 'credit_note', amount: '-0.05', rate: '0.500000', bill: billed }),
      sets,
    );
    // 0.05 × 0.5 = 0.025: half away from zero, each way
    expect([line.sales_base, note.sales_base, line.cost_base, note.cost_base]).toEqual([
      '0.03',
      '-0.03',
      '0.03',
      '-0.03',
    ]);
    for (const c of ['gbp', 'usd', 'eur', 'aed'] as const) {
      expect(note[`sales_${c}`]).toBe(negate(line[`sales_${c}`]));
      expect(note[`cost_${c}`]).toBe(negate(line[`cost_${c}`]));
    }
    expect(note).toMatchObject({ kind: 'credit_note', cost_source: 'bill', sales: '-0.05' });
  });

  it('states a figure in the document’s own currency as the document does, a credit note negated', () => {
    // a GBP company's USD invoice line: USD→GBP sell is 1 / buy GBP→USD = 1 / 1.2780 = 0.7825
    const usd = { currency: 'USD', amount: '1000.00', rate: '0.782500' };
    // a EUR cost, estimated: buy EUR→GBP = 1 / sell GBP→EUR = 1 / 1.1640 = 0.8591
    const cost = { line_cost: '800.00', line_cost_currency: 'EUR' };
    const line = deriveLedgerRow(source({ ...usd, ...cost }), sets);
    expect(line).toMatchObject({
      sales_base: '782.50',
      sales_gbp: '782.50',
      sales_usd: '1000.00', // not 782.50 × 1.2650 = 989.8625
      sales_eur: '910.83', // 782.50 × 1.1640 = 910.83
      sales_aed: '3634.71', // 782.50 × 4.6450 = 3634.7125
      cost_base: '687.28', // 800 × 0.8591
      cost_eur: '800.00', // not 687.28 × 1.1640 = 799.99
      cost_usd: '869.41', // 687.28 × 1.2650 = 869.4092
    });
    const note = deriveLedgerRow(
      source({ ...usd, ...cost, invoice_line_id: 11, kind: 'credit_note', amount: '-1000.00' }),
      sets,
    );
    for (const c of ['gbp', 'usd', 'eur', 'aed'] as const) {
      expect(note[`sales_${c}`]).toBe(negate(line[`sales_${c}`]));
      expect(note[`cost_${c}`]).toBe(negate(line[`cost_${c}`]));
    }
  });

  it('refuses a set that cannot value the line rather than writing a wrong figure', () => {
    const partial = new Map([
      [
        1,
        sampleRecords().filter(
          (r) => r.original_currency.named !== 'AED' && r.target_currency.named !== 'AED',
        ),
      ],
    ]);
    expect(() => deriveLedgerRow(source(), partial)).toThrow(/no sell rate from GBP to AED/);
  });
});

const negate = (x: string) => (x.startsWith('-') ? x.slice(1) : x === '0.00' ? x : `-${x}`);

describe('sumDeltas', () => {
  const line = deriveLedgerRow(source(), sets);
  // sold below cost: 1250 against 1400 estimated
  const below = deriveLedgerRow(source({ invoice_line_id: 12, line_cost: '1400.00' }), sets);
  const note = deriveLedgerRow(
    source({
      invoice_line_id: 11,
      kind: 'credit_note',
      amount: '-1250.00',
      line_cost: '1400.00',
      issue_date: '2026-04-02',
    }),
    sets,
  );

  it('adds rows into both bases, counting estimated and negative invoice lines', () => {
    const deltas = sumDeltas(
      [line, below, note].map((row) => ({ row, sign: 1 as const })),
      salesSumKey,
    );
    const byKey = Object.fromEntries(deltas.map((d) => [`${d.key.basis} ${d.key.month}`, d]));
    expect(Object.keys(byKey).sort()).toEqual([
      'invoice 2026-03-01',
      'invoice 2026-04-01',
      'service 2026-06-01',
    ]);
    expect(byKey['service 2026-06-01']).toMatchObject({
      base_currency: 'GBP',
      counts: { lines: 3, estimated_lines: 3, negative_lines: 1 }, // the credit note is no negative margin
      figures: { sales: '1250.00', sales_base: '1250.00', cost_base: '1000.00', sales_usd: '1581.25' },
    });
    expect(byKey['invoice 2026-03-01']).toMatchObject({
      counts: { lines: 2, estimated_lines: 2, negative_lines: 1 },
      figures: { sales_base: '2500.00', cost_base: '2400.00' },
    });
    expect(byKey['invoice 2026-04-01']).toMatchObject({
      counts: { lines: 1, estimated_lines: 1, negative_lines: 0 },
      figures: { sales_base: '-1250.00', cost_base: '-1400.00' },
    });
  });

  it('leaves out what a re-derivation did not change, and moves only what it did', () => {
    expect(
      sumDeltas(
        [
          { row: line, sign: -1 },
          { row: line, sign: 1 },
        ],
        clientSumKey,
      ),
    ).toEqual([]);
    const billed = deriveLedgerRow(
      source({
        bill: {
          bill_id: 77,
          currency: 'GBP',
          amount: '990.00',
          rate: '1.000000',
          rate_set_id: 1,
          base_currency: 'GBP',
        },
      }),
      sets,
    );
    const deltas = sumDeltas(
      [
        { row: line, sign: -1 },
        { row: billed, sign: 1 },
      ],
      clientSumKey,
    );
    expect(deltas).toHaveLength(2);
    for (const d of deltas) {
      expect(d.counts).toEqual({ lines: 0, estimated_lines: -1, negative_lines: 0 });
      expect(d.figures).toMatchObject({ sales: '0.00', cost_base: '-10.00', cost_usd: '-12.65' });
    }
  });
});
