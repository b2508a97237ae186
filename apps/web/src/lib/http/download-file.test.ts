import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import { ACCESS_TOKEN_KEY } from '../session/access-token.ts';
import { downloadFile, fetchFile, filenameFrom } from './download-file.ts';
import { HttpError } from './http-error.ts';

const fetchMock = vi.fn<typeof fetch>();
const saved: string[] = [];
const shown = () => toastStore.getSnapshot().map((t) => [t.title, t.message]);

beforeEach(() => {
  fetchMock.mockReset();
  saved.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  toastStore.clear();
  localStorage.setItem(ACCESS_TOKEN_KEY, 'tok');
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server that sets this cookie
  document.cookie = 'XSRF-TOKEN=xsrf-secret';
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('filenameFrom', () => {
  it('reads the plain and the UTF-8 name, else the fallback', () => {
    expect(filenameFrom('attachment; filename="requests-2026-05-01.csv"', 'x')).toBe(
      'requests-2026-05-01.csv',
    );
    expect(filenameFrom("attachment; filename*=UTF-8''BSLF%20offers.pdf", 'x')).toBe('BSLF offers.pdf');
    expect(filenameFrom(null, 'fallback.xlsx')).toBe('fallback.xlsx');
  });
});

describe('downloading a file the API builds', () => {
  it('GETs with the token and the query, and saves the body under the server’s name', async () => {
    fetchMock.mockResolvedValue(
      new Response('a,b', { headers: { 'Content-Disposition': 'attachment; filename="clients.csv"' } }),
    );
    await downloadFile('clients/export/', { format: 'csv', search: 'ann', empty: '' }, 'fallback.csv');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/clients/export/?format=csv&search=ann');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Token tok');
    expect(init?.method).toBe('GET');
    expect(saved).toEqual(['clients.csv']);
  });

  it('POSTs a JSON body with the XSRF header, and names the file itself when the server does not', async () => {
    fetchMock.mockResolvedValue(new Response('%PDF'));
    await fetchFile({
      path: 'requests/7/offers/send/',
      method: 'POST',
      body: { form: 'Presentation', offers: [1] },
      accept: 'application/pdf',
      fallbackName: 'BSLF-1-offers.pdf',
    });
    const init = fetchMock.mock.calls[0]![1]!;
    const headers = new Headers(init.headers);
    expect(init.body).toBe('{"form":"Presentation","offers":[1]}');
    expect(headers.get('X-XSRF-TOKEN')).toBe('xsrf-secret');
    expect(headers.get('Accept')).toBe('application/pdf');
    expect(saved).toEqual(['BSLF-1-offers.pdf']);
  });

  it('toasts a refusal and throws it; the export menu’s download resolves', async () => {
    const refusal = () =>
      new Response(JSON.stringify({ errors: [{ code: 'TOO_MANY', detail: 'At most 10,000 rows' }] }), {
        status: 400,
        headers: { 'Content-Type': 'application/json' },
      });
    fetchMock.mockResolvedValueOnce(refusal());
    await expect(fetchFile({ path: 'requests/export/', fallbackName: 'r.csv' })).rejects.toBeInstanceOf(
      HttpError,
    );
    expect(shown().flat().join(' ')).toContain('At most 10,000 rows');
    toastStore.clear();
    fetchMock.mockResolvedValueOnce(refusal());
    await expect(downloadFile('requests/export/', {}, 'r.csv')).resolves.toBeUndefined();
    expect(saved).toEqual([]);
  });

  it('says the network failed, naming what was asked for', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await fetchFile({ path: 'x/', fallbackName: 'x.pdf', what: 'presentation' }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(0);
    expect(shown()).toEqual([['Network error', 'The presentation could not be downloaded.']]);
  });
});
