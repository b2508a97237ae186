import { STATEMENT_MAX_ROWS, STATEMENT_MESSAGES } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { readLines } from './statement-import.lines.ts';
import { guessMapping, resolveMapping } from './statement-import.mapping.ts';
import { parseCsvRecords, readStatementCsv } from './statement-import.parser.ts';
import {
  guessDateFormat,
  guessDecimalComma,
  parseStatementAmount,
  parseStatementDate,
} from './statement-import.values.ts';

const csv = (...lines: string[]) => Buffer.from(lines.join('\r\n'));

function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('reading the CSV', () => {
  it('keeps quoted separators, doubled quotes and line breaks, and counts file lines', () => {
    const records = parseCsvRecords('a,b\r\n"x, y","say ""hi"""\n"two\nlines",z\rlast,1', ',');
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x, y', 'say "hi"'] },
      { line: 3, cells: ['two\nlines', 'z'] },
      { line: 5, cells: ['last', '1'] },
    ]);
  });

  it('drops a UTF-8 BOM and blank rows, and sniffs ; and tab delimiters', () => {
    const bom = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      csv('Date;Amount', '', '01.03.2026;12,50', ''),
    ]);
    const table = readStatementCsv(bom);
    expect(table).toEqual({
      delimiter: ';',
      columns: ['Date', 'Amount'],
      rows: [{ line: 3, cells: ['01.03.2026', '12,50'] }],
    });
    expect(readStatementCsv(csv('Date\tAmount', '2026-03-01\t5')).delimiter).toBe('\t');
  });

  it('reads a Windows-1252 file (not valid UTF-8) and names blank and repeated headers', () => {
    const latin = Buffer.from('Date,Libell\xe9,,Libell\xe9\n2026-03-01,Caf\xe9,x,y', 'latin1');
    const table = readStatementCsv(latin);
    expect(table.columns).toEqual(['Date', 'Libellé', 'Column 3', 'Libellé (2)']);
    expect(table.rows[0]!.cells[1]).toBe('Café');
  });

  it('refuses what is not a CSV statement with UNSUPPORTED_FILE', () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
    for (const file of [
      png,
      csv('just one column', 'of text'),
      csv('2026-03-01,12.00', '2026-03-02,13.00'),
    ]) {
      const error = refusal(() => readStatementCsv(file));
      expect(error.code).toBe('UNSUPPORTED_FILE');
      expect(error.message).toBe(STATEMENT_MESSAGES.notCsv);
    }
  });

  it(`refuses more than ${STATEMENT_MAX_ROWS} rows with STATEMENT_INVALID`, () => {
    const rows = Array.from({ length: STATEMENT_MAX_ROWS + 1 }, (_, i) => `2026-03-01,${i + 1}`);
    const error = refusal(() => readStatementCsv(csv('Date,Amount', ...rows)));
    expect(error.code).toBe('STATEMENT_INVALID');
    expect(error.message).toBe(STATEMENT_MESSAGES.tooManyRows(STATEMENT_MAX_ROWS));
    expect(readStatementCsv(csv('Date,Amount', ...rows.slice(1))).rows).toHaveLength(STATEMENT_MAX_ROWS);
  });
});

describe('dates', () => {
  it('reads each format, with a time after it or a two-digit year, and refuses impossible days', () => {
    expect(parseStatementDate('2026-03-01', 'YYYY-MM-DD')).toBe('2026-03-01');
    expect(parseStatementDate('1/3/2026', 'DD/MM/YYYY')).toBe('2026-03-01');
    expect(parseStatementDate('1/3/2026', 'MM/DD/YYYY')).toBe('2026-01-03');
    expect(parseStatementDate('01.03.26', 'DD.MM.YYYY')).toBe('2026-03-01');
    expect(parseStatementDate('01-03-2026 10:22', 'DD-MM-YYYY')).toBe('2026-03-01');
    expect(parseStatementDate('2026-03-01T09:00:00Z', 'YYYY-MM-DD')).toBe('2026-03-01');
    expect(parseStatementDate('31/02/2026', 'DD/MM/YYYY')).toBeNull();
    expect(parseStatementDate('13/13/2026', 'DD/MM/YYYY')).toBeNull();
    expect(parseStatementDate('2026-03-01', 'DD/MM/YYYY')).toBeNull();
    expect(parseStatementDate('yesterday', 'YYYY-MM-DD')).toBeNull();
  });

  it('guesses the format from the values, day first when they are ambiguous', () => {
    expect(guessDateFormat(['01/03/2026', '02/03/2026'])).toBe('DD/MM/YYYY');
    expect(guessDateFormat(['03/01/2026', '03/25/2026'])).toBe('MM/DD/YYYY');
    expect(guessDateFormat(['2026-03-01'])).toBe('YYYY-MM-DD');
    expect(guessDateFormat(['01.03.2026'])).toBe('DD.MM.YYYY');
  });
});

describe('amounts', () => {
  const read = (v: string, comma = false) => parseStatementAmount(v, comma)?.toFixed(2) ?? null;

  it('reads signs, brackets, thousands, currency symbols and codes', () => {
    expect(read('1,234.56')).toBe('1234.56');
    expect(read('-12.5')).toBe('-12.50');
    expect(read('(1,200.00)')).toBe('-1200.00');
    expect(read('£ 1 200.00')).toBe('1200.00');
    expect(read('GBP -35.00')).toBe('-35.00');
    expect(read('35.00 EUR')).toBe('35.00');
    expect(read('+7')).toBe('7.00');
    expect(read('12.00-')).toBe('-12.00');
    expect(read('−4.20')).toBe('-4.20');
    expect(read('.5')).toBe('0.50');
  });

  it('reads a decimal comma when told, and refuses what is not a number', () => {
    expect(read('1.234,56', true)).toBe('1234.56');
    expect(read('-12,5', true)).toBe('-12.50');
    expect(read("1'234.50")).toBe('1234.50');
    expect(read('1.234,56')).toBeNull();
    expect(read('12.345')).toBeNull();
    expect(read('1,23,4')).toBeNull();
    expect(read('abc')).toBeNull();
    expect(read('1.')).toBeNull();
    expect(read('12 CR')).toBeNull();
  });

  it('guesses the decimal separator from the values, else from the delimiter', () => {
    expect(guessDecimalComma(['12,50', '-3,00', '1.000'], ',')).toBe(true);
    expect(guessDecimalComma(['12.50', '1,000.00'], ';')).toBe(false);
    expect(guessDecimalComma(['12', '30'], ';')).toBe(true);
    expect(guessDecimalComma(['12', '30'], ',')).toBe(false);
  });
});

describe('the mapping', () => {
  it('guesses the columns from common header names', () => {
    const table = readStatementCsv(
      csv('Booking Date,Value Date,Details,Payee,Paid out,Paid in,Balance', '01/03/2026,,x,y,1.00,,10.00'),
    );
    expect(guessMapping(table)).toEqual({
      date: 'Booking Date',
      reference: 'Details',
      counterparty: 'Payee',
      debit: 'Paid out',
      credit: 'Paid in',
      date_format: 'DD/MM/YYYY',
      decimal_comma: false,
    });
    expect(guessMapping(readStatementCsv(csv('Datum,Amount (EUR),Name', '2026-03-01,"1,50",x')))).toEqual({
      amount: 'Amount (EUR)',
      counterparty: 'Name',
      date_format: 'YYYY-MM-DD',
      decimal_comma: true,
    });
  });

  it('answers STATEMENT_WITHOUT_DATE without a date column and for a mapped column the file lacks', () => {
    const table = readStatementCsv(csv('When,Amount', '2026-03-01,1.00'));
    const none = refusal(() => resolveMapping(table, undefined, null));
    expect([none.code, none.message]).toEqual(['STATEMENT_WITHOUT_DATE', STATEMENT_MESSAGES.withoutDate]);
    const missing = refusal(() =>
      resolveMapping(table, JSON.stringify({ date: 'Date', amount: 'Amount' }), null),
    );
    expect([missing.code, missing.message]).toEqual([
      'STATEMENT_WITHOUT_DATE',
      STATEMENT_MESSAGES.missingColumn('Date'),
    ]);
    const amount = refusal(() =>
      resolveMapping(table, JSON.stringify({ date: 'When', amount: 'Sum' }), null),
    );
    expect([amount.code, amount.message]).toEqual([
      'STATEMENT_INVALID',
      STATEMENT_MESSAGES.missingColumn('Sum'),
    ]);
    const noAmount = refusal(() =>
      resolveMapping(readStatementCsv(csv('Date,Text', '2026-03-01,x')), '', null),
    );
    expect([noAmount.code, noAmount.message]).toEqual([
      'STATEMENT_INVALID',
      STATEMENT_MESSAGES.withoutAmount,
    ]);
  });

  it('takes a sent mapping (any case of the names), guessing a format it leaves out', () => {
    const table = readStatementCsv(csv('When;Sum;Text', '01.03.2026;-1.234,50;Rent'));
    expect(
      resolveMapping(table, JSON.stringify({ date: 'when', amount: 'SUM', reference: 'text' }), null),
    ).toEqual({
      date: 'When',
      amount: 'Sum',
      reference: 'Text',
      date_format: 'DD.MM.YYYY',
      decimal_comma: true,
    });
    const field = refusal(() => resolveMapping(table, '{"date": ""}', null));
    expect(field.code).toBe('VALIDATION');
    expect(field.fields?.mapping).toContain('Choose the date column');
    expect(refusal(() => resolveMapping(table, '{not json', null)).fields).toEqual({
      mapping: ['The mapping must be JSON'],
    });
  });

  it('uses a remembered mapping only when its columns are in the file', () => {
    const table = readStatementCsv(csv('When,Sum', '01/03/2026,1.00'));
    const remembered = { date: 'When', amount: 'Sum', date_format: 'MM/DD/YYYY', decimal_comma: false };
    expect(resolveMapping(table, undefined, remembered).date_format).toBe('MM/DD/YYYY');
    const other = readStatementCsv(csv('Date,Amount', '01/03/2026,1.00'));
    expect(resolveMapping(other, undefined, remembered)).toMatchObject({ date: 'Date', amount: 'Amount' });
  });
});

describe('lines', () => {
  it('turns rows into money in and out, refusing bad dates, amounts and zero with their reasons', () => {
    const table = readStatementCsv(
      csv(
        'Date,Description,Debit,Credit',
        '01/03/2026,"Rent, March",1200.00,',
        '02/03/2026,Invoice BSLF-INV-2026-0007,,"2,500.00"',
        '31/02/2026,Bad day,1.00,',
        '03/03/2026,Bad amount,abc,',
        '04/03/2026,Zero,0.00,',
        '05/03/2026,Nothing,,',
      ),
    );
    const entries = readLines(table, resolveMapping(table, undefined, null));
    expect(entries).toEqual([
      {
        line: 2,
        ok: {
          line: 2,
          date: '2026-03-01',
          amount: '1200.00',
          type: 'SPEND',
          reference: 'Rent, March',
          counterpartyName: null,
          dedupeKey: '2026-03-01|-1200.00|rent, march',
        },
      },
      {
        line: 3,
        ok: expect.objectContaining({ date: '2026-03-02', amount: '2500.00', type: 'RECEIVE' }),
      },
      { line: 4, refused: STATEMENT_MESSAGES.badDate('31/02/2026', 'DD/MM/YYYY') },
      { line: 5, refused: STATEMENT_MESSAGES.badAmount('abc') },
      { line: 6, refused: STATEMENT_MESSAGES.zeroAmount },
      { line: 7, refused: STATEMENT_MESSAGES.noAmount },
    ]);
  });
});
