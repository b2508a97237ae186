import type { AuditEntry } from '@app/shared/directory/index';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, listOf } from '../../../../test/fake-api.ts';
import { renderPage } from '../../../../test/render.tsx';
import { HistoryPanel } from './history-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const entry = (id: number, action: AuditEntry['action'], changes: AuditEntry['changes']): AuditEntry => ({
  id,
  entity: 'client',
  entity_id: 5,
  action,
  user: { id: 1, name: 'Ada Admin' },
  at: '2026-05-01T09:30:00Z',
  changes,
});

describe('HistoryPanel', () => {
  it('shows what an update changed, and archive or restore by their badge alone', async () => {
    fakeApi({
      'GET /api/v1/audit/': () =>
        listOf([
          entry(3, 'unarchive', { archived_at: ['2026-04-30T10:00:00Z', null], archived_by: [1, null] }),
          entry(2, 'archive', { archived_at: [null, '2026-04-30T10:00:00Z'], archived_by: [null, 1] }),
          entry(1, 'update', { city: ['Geneva', 'Zurich'] }),
        ]),
    });
    renderPage(<HistoryPanel entity="client" entityId={5} fieldLabels={{ city: 'City' }} />, {
      path: '/x',
    });
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
  });
});
