import { describe, expect, it } from 'vitest';
import { readCsvHeader, statementFileProblem } from './statement-file.ts';

const file = (text: string, name = 'statement.csv', type = 'text/csv') => new File([text], name, { type });

describe('statement file', () => {
  it('takes a CSV only, not empty', () => {
    expect(statementFileProblem(file('Date,Amount\n'))).toBeNull();
    expect(statementFileProblem(file('x', 'statement.xlsx', 'application/octet-stream'))).toMatch(/\.csv/);
    expect(statementFileProblem(file('', 'statement.csv'))).toBe('The file is empty.');
  });

  it('reads the header row with the delimiter the line holds most of, quotes kept together', async () => {
    expect(await readCsvHeader(file('\uFEFFBooked;"Text; note";Amount\r\n1;2;3'))).toEqual([
      'Booked',
      'Text; note',
      'Amount',
    ]);
    expect(await readCsvHeader(file('Date,Debit,Credit\n'))).toEqual(['Date', 'Debit', 'Credit']);
    expect(await readCsvHeader(file('Date\tValue\n'))).toEqual(['Date', 'Value']);
  });
});
