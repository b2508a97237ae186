import { describe, expect, it } from 'vitest';
import { parseCsv, parseImportFile } from './import.parsers.ts';

describe('parseCsv', () => {
  it('reads quoted fields with separators, doubled quotes and line breaks', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi""\nthere"\r\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"\nthere'],
    ]);
  });

  it('detects semicolons and tabs from the header line, and drops a byte-order mark', () => {
    expect(parseCsv('\uFEFFname;email\nAnna;a@b.co')).toEqual([
      ['name', 'email'],
      ['Anna', 'a@b.co'],
    ]);
    expect(parseCsv('name\temail\nAnna\ta@b.co')[1]).toEqual(['Anna', 'a@b.co']);
  });

  it('keeps a comma as the separator when the header has a semicolon inside quotes', () => {
    expect(parseCsv('"a;b",c\n1,2')).toEqual([
      ['a;b', 'c'],
      ['1', '2'],
    ]);
  });
});

describe('parseImportFile', () => {
  it('numbers rows as a spreadsheet does, skipping blank ones, and names empty or repeated headers', async () => {
    const file = await parseImportFile('people.csv', Buffer.from('Name,,Name\nAnna,1,x\n\n,,\nBoris,2,y\n'));
    expect(file.columns).toEqual(['Name', 'Column 2', 'Name (2)']);
    expect(file.rows).toEqual([
      { row: 2, cells: ['Anna', '1', 'x'] },
      { row: 5, cells: ['Boris', '2', 'y'] },
    ]);
  });

  it('reads back the quote an export puts before + = - @, and keeps any other quote', async () => {
    const file = await parseImportFile(
      'clients.csv',
      Buffer.from(`Phone,Notes,Name\n'+44 7700 900123,"'=SUM(A1)",O'Brien\n'-5,'plain,'\n`),
    );
    expect(file.rows).toEqual([
      { row: 2, cells: ['+44 7700 900123', '=SUM(A1)', "O'Brien"] },
      { row: 3, cells: ['-5', "'plain", "'"] },
    ]);
  });

  it('refuses a file without a header row', async () => {
    await expect(parseImportFile('empty.csv', Buffer.from('\n\n'))).rejects.toThrow(/empty/);
  });
});
