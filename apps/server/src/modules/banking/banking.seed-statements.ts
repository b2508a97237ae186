/** A demo bank account as the banking seed reads it. */
export interface DemoBank {
  id: number;
  company_id: number;
  code: string;
  currency: string;
  type: 'Income' | 'Outcome';
}

/** One line of a demo statement: a signed amount (negative is money out). */
export interface StatementLine {
  date: string;
  amount: string;
  payee: string | null;
  reference: string;
}

const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const ukDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * The CSV a bank would send, in its own layout: the London banks (GBP, EUR, USD) as
 * `Date,Description,Payee,Paid out,Paid in` with UK dates; the Dubai banks as
 * `Value Date,Narrative,Counterparty,Amount` with ISO dates and signed amounts. Two layouts, so
 * the demo shows a mapping remembered per account.
 */
export function bankStatement(bank: DemoBank, lines: StatementLine[]): { name: string; csv: string } {
  const sorted = [...lines].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const dubai = bank.code === 'TPRO';
  const rows = dubai
    ? [
        'Value Date,Narrative,Counterparty,Amount',
        ...sorted.map((l) => [l.date, quote(l.reference), quote(l.payee ?? ''), l.amount].join(',')),
      ]
    : [
        'Date,Description,Payee,Paid out,Paid in',
        ...sorted.map((l) => {
          const out = l.amount.startsWith('-');
          const value = out ? l.amount.slice(1) : l.amount;
          return [
            ukDate(l.date),
            quote(l.reference),
            quote(l.payee ?? ''),
            out ? value : '',
            out ? '' : value,
          ].join(',');
        }),
      ];
  const first = sorted[0]?.date.slice(0, 7) ?? 'statement';
  return {
    name: `${bank.code}-${bank.currency}-${bank.type}-${first}.csv`.toLowerCase(),
    csv: `${rows.join('\r\n')}\r\n`,
  };
}
