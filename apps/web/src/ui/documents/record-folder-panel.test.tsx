import type { DocumentFile, DocumentFolder } from '@app/shared/documents/documents.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, listOf, queryOf } from '../../test/fake-api.ts';
import { renderPage } from '../../test/render.tsx';
import { RecordFolderPanel } from './record-folder-panel.tsx';

/** XMLHttpRequest as the upload uses it: each send is answered 201 with the file. */
const sent: { folder: string | null; name: string }[] = [];
class FakeXhr {
  upload = { onprogress: null as null | ((e: ProgressEvent) => void) };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  open() {}
  setRequestHeader() {}
  abort() {}
  send(body: FormData) {
    const file = body.get('file') as File;
    sent.push({ folder: body.get('folder') as string | null, name: file.name });
    this.status = 201;
    this.responseText = JSON.stringify({ data: [{ ...FILE, id: 50, name: file.name }] });
    setTimeout(() => this.onload?.(), 0);
  }
}

beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const FOLDER: DocumentFolder = {
  id: 21,
  parent: 4,
  name: 'Anna Karenina',
  client: 8,
  request: null,
  created_by: 1,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  version: 1,
  has_children: false,
};
const FILE: DocumentFile = {
  id: 11,
  folder: 21,
  name: 'Passport.png',
  content_hash: 'b'.repeat(64),
  mime: 'image/png',
  size: 2048,
  uploaded_by: { id: 5, name: 'Boris Back' },
  created_at: '2026-11-20T09:30:00.000Z',
  updated_at: '2026-11-20T09:30:00.000Z',
};

function setup(hasFolder: boolean) {
  let folderMade = hasFolder;
  const api = fakeApi({
    'GET /api/v1/documents/folders/': () => listOf(folderMade ? [FOLDER] : []),
    'POST /api/v1/documents/folders/record/': () => {
      folderMade = true;
      return json(201, { data: FOLDER });
    },
    'GET /api/v1/documents/files/': () => listOf(folderMade ? [FILE] : []),
    'GET /api/v1/documents/settings/': () =>
      json(200, { data: { max_file_bytes: 1024 * 1024, max_files: 50 } }),
  });
  const rendered = renderPage(<RecordFolderPanel client={{ id: 8, name: 'Anna Karenina' }} />);
  return { ...api, ...rendered };
}

describe('the folder of a record', () => {
  it("lists the client's files with a link to the folder in Documents", async () => {
    const { callsTo } = setup(true);
    const table = await screen.findByRole('table', { name: 'Documents of this client' });
    expect(within(table).getByRole('button', { name: 'Preview Passport.png' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in Documents' })).toHaveAttribute(
      'href',
      '/documents?folder=21',
    );
    expect(Object.fromEntries(queryOf(callsTo('GET /api/v1/documents/folders/')[0]))).toEqual({
      client: '8',
      limit: '1',
    });
  });

  it("makes the client's folder on the first upload, then uploads into it; a file too large is refused before sending", async () => {
    const { user, callsTo } = setup(false);
    expect(await screen.findByText(/No documents for this client yet/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open in Documents' })).toBeNull();
    const input = screen.getByTestId('record-folder').querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, [
      new File(['scan'], 'visa.pdf', { type: 'application/pdf' }),
      new File([new Uint8Array(2 * 1024 * 1024)], 'film.mp4'),
    ]);
    await waitFor(() => expect(sent).toEqual([{ folder: '21', name: 'visa.pdf' }]));
    expect(callsTo('POST /api/v1/documents/folders/record/').map((c) => c.body)).toEqual([{ client: 8 }]);
    const uploads = await screen.findByRole('region', { name: "Uploads to this client's folder" });
    await waitFor(() => expect(within(uploads).getByText('Uploaded')).toBeInTheDocument());
    expect(within(uploads).getByRole('alert')).toHaveTextContent(
      'Too large: 2 MB. A file can be at most 1 MB.',
    );
    expect(await screen.findByRole('link', { name: 'Open in Documents' })).toBeInTheDocument();
  });
});
