import type { AuditEntry } from '@app/shared/directory/index';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { type AuditPageResult, RecordHistory } from './record-history.tsx';

const entry = (id: number, action: string, changes: AuditEntry['changes']): AuditEntry => ({
  id,
  entity: 'client',
  entity_id: 5,
  action: action as AuditEntry['action'],
  user: { id: 1, name: 'Ada Admin' },
  at: '2026-05-01T09:30:00Z',
  changes,
});

const page = (entries: AuditEntry[], total = entries.length): AuditPageResult => ({
  data: { data: entries, meta: { total } } as AuditPageResult['data'],
  isFetching: false,
  isError: false,
  isSuccess: true,
});

describe('RecordHistory', () => {
  it('shows what an update changed, and archive or restore by their badge alone', async () => {
    const audit = page([
      entry(3, 'unarchive', { archived_at: ['2026-04-30T10:00:00Z', null], archived_by: [1, null] }),
      entry(2, 'archive', { archived_at: [null, '2026-04-30T10:00:00Z'], archived_by: [null, 1] }),
      entry(1, 'update', { city: ['Geneva', 'Zurich'], version: [1, 2] }),
    ]);
    renderWithProviders(<RecordHistory audit={audit} onShowMore={() => {}} fieldLabels={{ city: 'City' }} />);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('Restored')).toBeInTheDocument();
    expect(within(items[0]!).queryByRole('table')).not.toBeInTheDocument();
    expect(within(items[1]!).getByText('Archived')).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('table')).not.toBeInTheDocument();
    const update = within(items[2]!);
    expect(update.getByRole('rowheader', { name: 'City' })).toBeInTheDocument();
    expect(update.getByText('Geneva')).toBeInTheDocument();
    expect(update.getByText('Zurich')).toBeInTheDocument();
    expect(update.queryByText('Version')).not.toBeInTheDocument();
  });

  it('folds what a creation set until asked, and asks its owner for older entries', async () => {
    const onShowMore = vi.fn();
    const audit = page([entry(1, 'create', { city: [null, 'Geneva'], name: [null, 'Ann'] })], 7);
    const { user } = renderWithProviders(<RecordHistory audit={audit} onShowMore={onShowMore} />);
    expect(screen.getByText('Created')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show the 2 values set' }));
    expect(screen.getByRole('rowheader', { name: 'City' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show older changes (6 more)' }));
    expect(onShowMore).toHaveBeenCalledTimes(1);
  });

  it("speaks an area's words: its action badges, labelled fields only, its value format, before and after", async () => {
    const audit = page([
      entry(2, 'settle', { amount: ['2000.00', '2036.00'], file_sha256: ['aa', 'bb'] }),
      entry(1, 'create', { amount: [null, '2000.00'] }),
    ]);
    renderWithProviders(
      <RecordHistory
        audit={audit}
        onShowMore={() => {}}
        actions={{
          create: { label: 'Recorded', color: 'green' },
          settle: { label: 'Settled', color: 'gray' },
        }}
        fieldLabels={{ amount: 'Amount' }}
        onlyLabelled
        formatValue={(field, value) => (field === 'amount' ? `$${String(value)}` : undefined)}
        foldedActions={[]}
        quietActions={['create']}
        showBefore="always"
      />,
    );
    const [settled, recorded] = screen.getAllByRole('listitem');
    expect(within(settled!).getByText('Settled')).toBeInTheDocument();
    expect(settled).toHaveTextContent('$2000.00 → $2036.00');
    expect(settled).not.toHaveTextContent('sha256');
    expect(within(recorded!).getByText('Recorded')).toBeInTheDocument();
    expect(within(recorded!).queryByRole('table')).not.toBeInTheDocument();
    expect(within(recorded!).queryByRole('button')).not.toBeInTheDocument();
  });
});
