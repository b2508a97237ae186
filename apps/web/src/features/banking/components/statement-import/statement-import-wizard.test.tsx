import type {
  StatementImport,
  StatementMapping,
  StatementPreview,
} from '@app/shared/banking/statement-import.schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi, json } from '../../../../test/fake-api.ts';
import { renderPage } from '../../../../test/render.tsx';
import { StatementImportWizard } from './statement-import-wizard.tsx';

const list = (data: unknown[]) => json(200, { data, meta: { total: data.length, limit: 20, offset: 0 } });
const BANKS = [{ id: 3, named: 'Barclays GBP (…4821)', currency: 'GBP', type: 'bank', company_code: 'TPRO' }];

const REMEMBERED: StatementMapping = {
  date: 'Booked',
  amount: 'Amount',
  reference: 'Details',
  date_format: 'DD/MM/YYYY',
  decimal_comma: false,
};

const previewOf = (mapping: StatementMapping): StatementPreview => ({
  bank: 3,
  file_name: 'march.csv',
  columns: ['Booked', 'Details', 'Payer', 'Amount'],
  mapping,
  rows_total: 4,
  rows_valid: 3,
  duplicates: 1,
  rows: [
    {
      line: 2,
      date: '2026-03-12',
      amount: '1250.30',
      type: 'RECEIVE',
      reference: 'TPRO-INV-2026-0007',
      counterparty_name: mapping.counterparty ? 'Irina Belova' : null,
      counterparty: mapping.counterparty ? { kind: 'client', id: 7, name: 'Irina Belova' } : null,
      duplicate: false,
    },
    {
      line: 3,
      date: '2026-03-13',
      amount: '480.00',
      type: 'SPEND',
      reference: 'Savoy 2291',
      counterparty_name: null,
      counterparty: null,
      duplicate: true,
    },
    {
      line: 4,
      date: '2026-03-14',
      amount: '90.00',
      type: 'SPEND',
      reference: 'Fees',
      counterparty_name: null,
      counterparty: null,
      duplicate: false,
    },
  ],
  refused: [{ line: 5, reason: "Date '31/02/2026' does not read as DD/MM/YYYY" }],
});

const importOf = (patch: Partial<StatementImport>): StatementImport => ({
  id: 77,
  bank: { id: 3, named: 'Barclays GBP (…4821)' },
  file_name: 'march.csv',
  status: 'running',
  rows_total: 1000,
  rows_done: 0,
  rows_imported: 0,
  rows_duplicate: 0,
  refused: [],
  created_at: '2026-03-31T10:00:00Z',
  finished_at: null,
  ...patch,
});

const form = (call: ApiCall | undefined) => call?.body as FormData;
const sentMapping = (call: ApiCall | undefined) => {
  const raw = form(call).get('mapping');
  return raw === null ? null : (JSON.parse(String(raw)) as StatementMapping);
};

function setup(
  preview: (call: ApiCall) => Response = (call) =>
    json(200, { data: previewOf(sentMapping(call) ?? REMEMBERED) }),
) {
  let polls = 0;
  const api = fakeApi({
    'GET /api/v1/banks/': () => list(BANKS),
    'POST /api/v1/transactions/import/': (call) =>
      form(call).get('commit') === 'true' ? json(202, { data: importOf({ rows_done: 0 }) }) : preview(call),
    'GET /api/v1/transactions/import/77/': () => {
      polls += 1;
      return json(200, {
        data:
          polls === 1
            ? importOf({ rows_done: 500 })
            : importOf({
                status: 'done',
                rows_done: 1000,
                rows_imported: 2,
                rows_duplicate: 1,
                refused: [{ line: 5, reason: "Date '31/02/2026' does not read as DD/MM/YYYY" }],
                finished_at: '2026-03-31T10:00:02Z',
              }),
      });
    },
  });
  const onShowLines = vi.fn();
  const rendered = renderPage(<StatementImportWizard opened onClose={() => {}} onShowLines={onShowLines} />, {
    user: { role: 'Accountant' },
  });
  const dialog = () => screen.getByRole('dialog', { name: 'Import a bank statement' });
  const fileInput = () => within(dialog()).getByLabelText('Statement file', { selector: 'input' });
  const chooseBank = async () => {
    await rendered.user.click(within(dialog()).getByRole('combobox', { name: 'Bank account' }));
    await rendered.user.click(await screen.findByRole('option', { name: /Barclays GBP/ }));
  };
  return { ...api, ...rendered, onShowLines, dialog, fileInput, chooseBank };
}

const csv = (
  name = 'march.csv',
  text = 'Booked,Details,Payer,Amount\n12/03/2026,TPRO-INV-2026-0007,Irina,1250.30\n',
) => new File([text], name, { type: name.endsWith('.csv') ? 'text/csv' : 'application/octet-stream' });

afterEach(() => vi.unstubAllGlobals());

describe('StatementImportWizard', () => {
  it('asks for the account and a CSV file before anything is sent', async () => {
    const { dialog, user, callsTo } = setup();
    await user.click(within(dialog()).getByRole('button', { name: 'Next' }));
    expect(await within(dialog()).findAllByText('Required field')).toHaveLength(2);
    // dropped: the chooser itself offers only .csv files
    fireEvent.drop(within(dialog()).getByTestId('statement-file-drop'), {
      dataTransfer: { files: [csv('march.xlsx')] },
    });
    expect(within(dialog()).getByText('Choose a .csv file: the bank’s CSV export.')).toBeInTheDocument();
    expect(callsTo('POST /api/v1/transactions/import/')).toHaveLength(0);
  });

  it('previews with the remembered mapping, previews again as it changes, imports with progress, then reports', async () => {
    const { dialog, user, fileInput, chooseBank, callsTo, onShowLines } = setup();
    await chooseBank();
    await user.upload(fileInput(), csv());
    expect(within(dialog()).getByTestId('statement-file-name')).toHaveTextContent('march.csv');
    await user.click(within(dialog()).getByRole('button', { name: 'Next' }));

    // the first preview lets the server use the account's remembered mapping
    const first = callsTo('POST /api/v1/transactions/import/')[0];
    expect(form(first).get('bank')).toBe('3');
    expect(form(first).get('commit')).toBe('false');
    expect(form(first).get('mapping')).toBeNull();
    expect((form(first).get('file') as File).name).toBe('march.csv');

    // the mapping selects hold it
    expect(await within(dialog()).findByRole('combobox', { name: 'Date' })).toHaveTextContent('Booked');
    expect(within(dialog()).getByRole('combobox', { name: 'Amount (signed)' })).toHaveTextContent('Amount');
    expect(within(dialog()).getByRole('combobox', { name: 'Date format' })).toHaveTextContent('DD/MM/YYYY');
    // counts, the first lines with the duplicate marked, the refused lines with why
    expect(within(dialog()).getByTestId('preview-counts')).toHaveTextContent(
      '4 lines2 new1 duplicate (skipped)1 refused',
    );
    const lines = within(dialog()).getByRole('table', { name: 'Lines as they will be imported' });
    const duplicate = within(lines).getByText('Savoy 2291').closest('tr') as HTMLElement;
    expect(duplicate).toHaveAttribute('data-duplicate', 'true');
    expect(within(duplicate).getByText('Duplicate')).toBeInTheDocument();
    expect(within(duplicate).getByText('-480.00 GBP')).toBeInTheDocument();
    const refused = within(dialog()).getByRole('table', { name: 'Refused lines' });
    expect(refused).toHaveTextContent("5Date '31/02/2026' does not read as DD/MM/YYYY");

    // a new column choice reads the file again with it
    await user.click(within(dialog()).getByRole('combobox', { name: 'Counterparty' }));
    await user.click(await screen.findByRole('option', { name: 'Payer' }));
    await waitFor(() => expect(callsTo('POST /api/v1/transactions/import/')).toHaveLength(2));
    expect(sentMapping(callsTo('POST /api/v1/transactions/import/')[1])).toEqual({
      ...REMEMBERED,
      counterparty: 'Payer',
    });
    expect(await within(lines).findByText(/Irina Belova/)).toHaveTextContent('Irina Belova client');

    // no amount column: nothing to read, nothing sent
    await user.click(within(dialog()).getAllByRole('button', { name: 'Clear' })[0] as HTMLElement);
    expect(await within(dialog()).findByTestId('mapping-problem')).toHaveTextContent(
      'Choose the amount column, or the debit and credit columns',
    );
    expect(within(dialog()).getByRole('button', { name: 'Import' })).toBeDisabled();
    await user.click(within(dialog()).getByRole('combobox', { name: 'Amount (signed)' }));
    await user.click(await screen.findByRole('option', { name: 'Amount' }));
    await waitFor(() => expect(callsTo('POST /api/v1/transactions/import/')).toHaveLength(3));

    await user.click(await within(dialog()).findByRole('button', { name: 'Import 2 lines' }));
    const commit = callsTo('POST /api/v1/transactions/import/')[3];
    expect(form(commit).get('commit')).toBe('true');
    expect(sentMapping(commit)).toEqual({ ...REMEMBERED, counterparty: 'Payer' });

    // progress while it runs, polled
    expect(await within(dialog()).findByRole('progressbar', { name: 'Import progress' })).toBeInTheDocument();
    expect(await within(dialog()).findByText('500 of 1,000 lines read')).toBeInTheDocument();

    // then the report
    expect(await within(dialog()).findByText('Import finished', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(within(dialog()).getByTestId('import-imported')).toHaveTextContent('2');
    expect(within(dialog()).getByTestId('import-duplicates')).toHaveTextContent('1');
    expect(within(dialog()).getByTestId('import-refused')).toHaveTextContent('1');
    expect(within(dialog()).getByRole('table', { name: 'Refused lines' })).toHaveTextContent(
      "Date '31/02/2026' does not read as DD/MM/YYYY",
    );
    await user.click(within(dialog()).getByRole('button', { name: 'See the imported lines' }));
    expect(onShowLines).toHaveBeenCalledWith(77);
  });

  it('offers the file’s own columns when the server finds no date column', async () => {
    const { dialog, user, fileInput, chooseBank, callsTo } = setup((call) =>
      sentMapping(call)
        ? json(200, { data: previewOf(sentMapping(call) as StatementMapping) })
        : json(400, {
            errors: [
              {
                code: 'statement_without_date',
                detail: 'The statement has no date column: choose which column holds the date',
              },
            ],
          }),
    );
    await chooseBank();
    await user.upload(fileInput(), csv('odd.csv', 'When;Text;Sum\n12.03.2026;Fees;-9,50\n'));
    await user.click(within(dialog()).getByRole('button', { name: 'Next' }));
    expect(
      await within(dialog()).findByText(
        'The statement has no date column: choose which column holds the date',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('combobox', { name: 'Date' }));
    await user.click(await screen.findByRole('option', { name: 'When' }));
    await user.click(within(dialog()).getByRole('combobox', { name: 'Amount (signed)' }));
    await user.click(await screen.findByRole('option', { name: 'Sum' }));
    await user.click(within(dialog()).getByRole('combobox', { name: 'Date format' }));
    await user.click(await screen.findByRole('option', { name: 'DD.MM.YYYY' }));
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Decimal comma (1.234,56)' }));
    await waitFor(() =>
      expect(sentMapping(callsTo('POST /api/v1/transactions/import/').at(-1))).toEqual({
        date: 'When',
        amount: 'Sum',
        date_format: 'DD.MM.YYYY',
        decimal_comma: true,
      }),
    );
    expect(await within(dialog()).findByRole('button', { name: 'Import 2 lines' })).toBeEnabled();
  });
});
