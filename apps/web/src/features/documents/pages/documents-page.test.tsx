import type {
  DocumentFile,
  DocumentFolder,
  DocumentFolderDetail,
} from '@app/shared/documents/documents.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fakeApi, json, listOf, queryOf } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { DocumentsPage } from './documents-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const folder = (id: number, name: string, patch: Partial<DocumentFolder> = {}): DocumentFolder => ({
  id,
  parent: null,
  name,
  client: null,
  request: null,
  created_by: 1,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  version: 1,
  has_children: false,
  ...patch,
});
const CONTRACTS = folder(1, 'Contracts', { has_children: true });
const TEMPLATES = folder(2, 'Templates');
const Y2026 = folder(3, '2026', { parent: 1 });
const detail = (f: DocumentFolder, path: { id: number; name: string }[] = []): DocumentFolderDetail => ({
  ...f,
  path,
});
const FILE: DocumentFile = {
  id: 11,
  folder: 3,
  name: 'Artemide agreement.pdf',
  content_hash: 'a'.repeat(64),
  mime: 'application/pdf',
  size: 245 * 1024,
  uploaded_by: { id: 5, name: 'Boris Back' },
  created_at: '2026-11-20T09:30:00.000Z',
  updated_at: '2026-11-20T09:30:00.000Z',
};

function setup(opts: { url?: string; user?: object; deleteAnswers?: (call: ApiCall) => Response } = {}) {
  const api = fakeApi({
    'GET /api/v1/documents/folders/': (call) => {
      const parent = queryOf(call).get('parent');
      return listOf(parent === '1' ? [Y2026] : parent ? [] : [CONTRACTS, TEMPLATES]);
    },
    'GET /api/v1/documents/folders/3/': () =>
      json(200, { data: detail(Y2026, [{ id: 1, name: 'Contracts' }]) }),
    'GET /api/v1/documents/folders/2/': () => json(200, { data: detail(TEMPLATES) }),
    'GET /api/v1/documents/files/': (call) => listOf(queryOf(call).get('folder') === '3' ? [FILE] : []),
    'GET /api/v1/documents/settings/': () =>
      json(200, { data: { max_file_bytes: 100 * 1024 * 1024, max_files: 50 } }),
    'DELETE /api/v1/documents/folders/3/': (call) => opts.deleteAnswers?.(call) ?? json(204, null),
  });
  const rendered = renderPage(<DocumentsPage />, {
    path: '/documents',
    url: opts.url ?? '/documents',
    user: opts.user ?? {},
  });
  return { ...api, ...rendered };
}

describe('the documents page', () => {
  it('shows the top folders; choosing one puts it in the address and lists its files', async () => {
    const { user, router, callsTo } = setup();
    const tree = await screen.findByRole('tree', { name: 'Folders' });
    const contracts = await within(tree).findByRole('treeitem', { name: 'Contracts' });
    expect(contracts).toHaveAttribute('aria-expanded', 'false');
    expect(within(tree).getByRole('treeitem', { name: 'Templates' })).not.toHaveAttribute('aria-expanded');
    expect(screen.getByText('Choose a folder')).toBeInTheDocument();

    // the keyboard: Right opens Contracts (its subfolders are fetched), Down goes into it, Enter chooses
    contracts.focus();
    await user.keyboard('{ArrowRight}');
    const y2026 = await within(tree).findByRole('treeitem', { name: '2026' });
    expect(contracts).toHaveAttribute('aria-expanded', 'true');
    expect(queryOf(callsTo('GET /api/v1/documents/folders/').at(-1)).get('parent')).toBe('1');
    await user.keyboard('{ArrowDown}');
    expect(y2026).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?folder=3'));
    expect(y2026).toHaveAttribute('aria-selected', 'true');

    const table = await screen.findByRole('table', { name: 'Files in 2026' });
    const cells = within(table)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 4)).toEqual(['Artemide agreement.pdf', 'PDF', '245 KB', 'Boris Back']);
    expect(
      within(screen.getByRole('navigation', { name: 'Folder path' })).getByText('Contracts'),
    ).toBeInTheDocument();
  });

  it('opens at the folder in the address, its parents open in the tree', async () => {
    setup({ url: '/documents?folder=3' });
    expect(await screen.findByTestId('folder-title')).toHaveTextContent('2026');
    const item = await screen.findByRole('treeitem', { name: '2026' });
    expect(item).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('treeitem', { name: /^Contracts/ })).toHaveAttribute('aria-expanded', 'true');
  });

  it('asks before deleting a folder, then says how many files it holds and deletes with confirm=true', async () => {
    const { user, callsTo } = setup({
      url: '/documents?folder=3',
      user: { role: 'BO', permissions: ['ROLE_ALLOW_DELETE_FOLDER'] },
      deleteAnswers: (call) =>
        queryOf(call).get('confirm') === 'true'
          ? json(204, null)
          : json(409, {
              errors: [
                {
                  code: 'folder_not_empty',
                  detail:
                    'This folder holds 3 files (counting its subfolders). Deleting the folder deletes them too.',
                },
              ],
            }),
    });
    await user.click(await screen.findByRole('button', { name: 'Folder actions for 2026' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete folder' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete folder' }));
    expect(await within(dialog).findByTestId('folder-holds')).toHaveTextContent('holds 3 files');
    await user.click(within(dialog).getByRole('button', { name: 'Delete the folder and its files' }));
    await waitFor(() => expect(callsTo('DELETE /api/v1/documents/folders/3/')).toHaveLength(2));
    expect(callsTo('DELETE /api/v1/documents/folders/3/').map((c) => queryOf(c).get('confirm'))).toEqual([
      null,
      'true',
    ]);
  });

  it('offers no delete to a user without the permission (the server refuses it anyway)', async () => {
    const { user } = setup({ url: '/documents?folder=3', user: { role: 'FO', permissions: [] } });
    await user.click(await screen.findByRole('button', { name: 'Folder actions for 2026' }));
    expect(await screen.findByRole('menuitem', { name: 'Rename' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete folder' })).toBeNull();
  });

  it('says a folder from an old link no longer exists', async () => {
    // the fake API answers 404 for a folder it does not know, as the server does
    setup({ url: '/documents?folder=99' });
    expect(await screen.findByText('This folder does not exist')).toBeInTheDocument();
  });
});
