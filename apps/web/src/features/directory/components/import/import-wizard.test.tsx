import type { ImportPreview, ImportReport } from '@app/shared/directory/index';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../../test/fake-api.ts';
import { renderPage } from '../../../../test/render.tsx';
import { ImportWizard } from './import-wizard.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PREVIEW: ImportPreview = {
  file_name: 'clients.csv',
  format: 'csv',
  columns: ['First', 'Surname', 'E-mail', 'Phone'],
  total_rows: 3,
  rows: [
    ['Anna', 'Ivanova', 'anna@example.com', '+44 1'],
    ['Tom', 'Jones', 'tom@example.com', '+44 2'],
    ['Bad', 'Row', 'not-an-email', ''],
  ],
  fields: [
    { name: 'first_name', label: 'First name', required: true },
    { name: 'last_name', label: 'Last name', required: true },
    { name: 'email', label: 'Email', required: false },
    { name: 'phone', label: 'Phone', required: false },
  ],
  // the server could not guess the surname column
  suggested_mapping: { first_name: 'First', last_name: null, email: 'E-mail', phone: 'Phone' },
};

const REPORT: ImportReport = {
  total_rows: 3,
  imported: 1,
  skipped_duplicates: [{ row: 3, reason: 'A client with this email already exists' }],
  refused: [{ row: 4, errors: { email: ['Invalid mail format'] } }],
};

function setup() {
  const api = fakeApi({
    'POST /api/v1/clients/import/preview/': () => ({ body: { data: PREVIEW } }),
    'POST /api/v1/clients/import/': () => ({ body: { data: REPORT } }),
  });
  const onClose = vi.fn();
  const page = renderPage(<ImportWizard area="clients" opened onClose={onClose} />, { path: '/' });
  const dialog = () => screen.getByRole('dialog', { name: 'Import clients' });
  const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
  return { ...page, api, onClose, dialog, fileInput };
}

const csv = (name: string) => new File(['First,Surname\nAnna,Ivanova\n'], name, { type: 'text/csv' });

describe('ImportWizard', () => {
  it('asks for a CSV or XLSX file before anything is sent', async () => {
    const { user, api, dialog, fileInput } = setup();
    await user.click(within(dialog()).getByRole('button', { name: 'Next' }));
    expect(await within(dialog()).findByText('Required field')).toBeInTheDocument();
    await user.upload(fileInput(), csv('clients.txt'));
    expect(within(dialog()).getByText('Choose a .csv or .xlsx file.')).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Next' }));
    expect(api.calls).toHaveLength(0);
  });

  it('shows why the server could not read the file', async () => {
    fakeApi({
      'POST /api/v1/clients/import/preview/': () => ({
        status: 400,
        body: { errors: { detail: ['The file has no header row.'] } },
      }),
    });
    const page = renderPage(<ImportWizard area="clients" opened onClose={() => {}} />, { path: '/' });
    await page.user.upload(
      document.querySelector('input[type="file"]') as HTMLInputElement,
      csv('clients.csv'),
    );
    await page.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The file has no header row.')).toBeInTheDocument();
  });

  it('goes from upload to mapping to preview to the report', async () => {
    const { user, api, dialog, fileInput } = setup();
    await user.upload(fileInput(), csv('clients.csv'));
    await user.click(within(dialog()).getByRole('button', { name: 'Next' }));

    // mapping: the suggestion is applied; the unmapped required field stops "Next"
    const first = await within(dialog()).findByRole('combobox', { name: 'Column for First name' });
    expect(first).toHaveTextContent('First');
    // the field's name carries the star: the choices have no label (and no second star) of their own
    const mappingTable = within(dialog()).getByRole('table', { name: 'Column mapping' });
    expect(mappingTable.querySelectorAll('label')).toHaveLength(0);
    await user.click(within(dialog()).getByRole('button', { name: 'Next' }));
    expect(await within(dialog()).findByText('Required field')).toBeInTheDocument();
    // the field may be scrolled out of sight: the buttons say it too
    expect(within(dialog()).getByTestId('import-missing-fields')).toHaveTextContent(
      'Choose a column for Last name.',
    );
    await user.click(within(dialog()).getByRole('combobox', { name: 'Column for Last name' }));
    await user.click(await screen.findByRole('option', { name: 'Surname' }));
    expect(within(dialog()).queryByTestId('import-missing-fields')).not.toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Next' }));

    // preview: the first rows as they will be read, under the field names
    const table = await within(dialog()).findByRole('table', { name: 'Rows as they will be imported' });
    expect(within(table).getByRole('columnheader', { name: 'Last name' })).toBeInTheDocument();
    expect(within(table).getByText('Ivanova')).toBeInTheDocument();
    // a wide file scrolls inside its own focusable region, under a header row that stays in view
    const region = within(dialog()).getByRole('region', { name: 'Preview of the rows' });
    expect(region).toContainElement(table);
    expect(region).toHaveAttribute('tabindex', '0');
    expect(table.querySelector('thead')).toHaveAttribute('data-sticky');
    await user.click(within(dialog()).getByRole('button', { name: 'Import 3 rows' }));

    // report: what was imported, skipped and refused, and why
    expect(await within(dialog()).findByText('Import finished')).toBeInTheDocument();
    expect(within(dialog()).getByTestId('import-imported')).toHaveTextContent('1');
    expect(within(dialog()).getByTestId('import-skipped-duplicates')).toHaveTextContent('1');
    expect(within(dialog()).getByTestId('import-refused')).toHaveTextContent('1');
    const skipped = within(dialog()).getByRole('table', { name: 'Skipped as duplicates' });
    expect(within(skipped).getByText('A client with this email already exists')).toBeInTheDocument();
    const refusedRows = within(dialog()).getByRole('table', { name: 'Refused rows' });
    expect(within(refusedRows).getByText('4')).toBeInTheDocument();
    expect(refusedRows).toHaveTextContent('Email: Invalid mail format');

    // the same file went again, with the mapping the person chose
    const sent = api.callsTo('POST /api/v1/clients/import/')[0]?.body as FormData;
    await waitFor(() => expect(sent).toBeInstanceOf(FormData));
    expect(JSON.parse(String(sent.get('mapping')))).toEqual({
      first_name: 'First',
      last_name: 'Surname',
      email: 'E-mail',
      phone: 'Phone',
    });
    expect((sent.get('file') as File).name).toBe('clients.csv');
  });
});
