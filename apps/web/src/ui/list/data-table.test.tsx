import type { ColumnDef } from '@tanstack/react-table';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { DataTable, type DataTableProps } from './data-table.tsx';

type Row = { id: number; name: string };

const COLUMNS: ColumnDef<Row, unknown>[] = [
  { id: 'name', header: 'Name', enableSorting: true, cell: ({ row }) => row.original.name },
  { id: 'note', header: 'Note', cell: () => '' },
];

function table(props: Partial<DataTableProps<Row>> = {}) {
  const handlers = {
    onOrderingChange: vi.fn(),
    onPageChange: vi.fn(),
    onPageSizeChange: vi.fn(),
    onRowClick: vi.fn(),
    onResetFilters: vi.fn(),
    onRetry: vi.fn(),
  };
  const view = renderWithProviders(
    <DataTable<Row>
      label="Things"
      columns={COLUMNS}
      rows={[{ id: 1, name: 'One' }]}
      total={1}
      getRowId={(r) => String(r.id)}
      loading={false}
      page={1}
      pageSize={20}
      ordering={undefined}
      emptyText="No things found"
      {...handlers}
      {...props}
    />,
  );
  return { ...view, ...handlers };
}

describe('DataTable', () => {
  it('says it is loading before the first page arrives', () => {
    table({ rows: undefined, loading: true });
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Things' })).toHaveAttribute('aria-busy', 'true');
  });

  it('offers a retry when the page could not be loaded', async () => {
    const { user, onRetry } = table({ rows: undefined, error: new Error('down') });
    expect(screen.getByRole('alert')).toHaveTextContent('The list could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('explains an empty result and offers to clear the filters only when some are set', async () => {
    const { user, onResetFilters, unmount } = table({ rows: [], total: 0, filtered: true });
    expect(screen.getByText('No things found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onResetFilters).toHaveBeenCalled();
    unmount();
    table({ rows: [], total: 0, filtered: false });
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('sorts only the columns the server can sort, cycling asc, desc, default', async () => {
    const first = table({ ordering: undefined });
    expect(screen.queryByRole('button', { name: /Note/ })).not.toBeInTheDocument();
    await first.user.click(screen.getByRole('button', { name: /Name/ }));
    expect(first.onOrderingChange).toHaveBeenLastCalledWith('name');
    first.unmount();
    const second = table({ ordering: 'name' });
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    await second.user.click(screen.getByRole('button', { name: /Name/ }));
    expect(second.onOrderingChange).toHaveBeenLastCalledWith('-name');
    second.unmount();
    const third = table({ ordering: '-name' });
    await third.user.click(screen.getByRole('button', { name: /Name/ }));
    expect(third.onOrderingChange).toHaveBeenLastCalledWith(undefined);
  });

  it('shows the range and total, and changes page and page size', async () => {
    const rows = Array.from({ length: 20 }, (_, i) => ({ id: i + 21, name: `Row ${i + 21}` }));
    const { user, onPageChange, onPageSizeChange } = table({ rows, total: 95, page: 2 });
    expect(screen.getByTestId('list-total')).toHaveTextContent('21–40 of 95');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(onPageChange).toHaveBeenCalledWith(5);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
  });

  it('says an estimated total is about so many, and leaves the row count unknown to assistive tech', () => {
    const rows = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}` }));
    table({ rows, total: 48000, totalEstimated: true });
    expect(screen.getByTestId('list-total')).toHaveTextContent('1–20 of about 48,000');
    expect(screen.getByRole('table', { name: 'Things' })).toHaveAttribute('aria-rowcount', '-1');
    expect(screen.getByRole('button', { name: 'Page 2400' })).toBeInTheDocument();
  });

  it('opens a row by click and by Enter', async () => {
    const { user, onRowClick } = table();
    const row = screen.getByText('One').closest('tr') as HTMLElement;
    await user.click(row);
    expect(onRowClick).toHaveBeenCalledTimes(1);
    row.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenCalledTimes(2);
    expect(onRowClick).toHaveBeenLastCalledWith({ id: 1, name: 'One' });
  });
});
