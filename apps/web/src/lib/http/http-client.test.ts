import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import { ACCESS_TOKEN_KEY } from '../session/access-token.ts';
import { apiUrl, http, setUnauthorizedHandler } from './http-client.ts';
import { HttpError } from './http-error.ts';
import { IGNORE_LOADING_HEADER, loadingCounter } from './loading-counter.ts';

const json = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const fetchMock = vi.fn<typeof fetch>();
const sent = (index = 0) => {
  const [url, init] = fetchMock.mock.calls[index] ?? [];
  return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  toastStore.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server that sets this cookie
  document.cookie = 'XSRF-TOKEN=xsrf-secret';
});

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
  // biome-ignore lint/suspicious/noDocumentCookie: removes the cookie set above
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('HTTP client (spec 7)', () => {
  it('puts relative paths under /api/v1 and drops empty query values', () => {
    expect(apiUrl('users/me/')).toBe('/api/v1/users/me/');
    expect(apiUrl('/users/', { search: '', role: 'FO', region: null, ids: [1, 2], x: undefined })).toBe(
      '/api/v1/users/?role=FO&ids=1&ids=2',
    );
    expect(apiUrl('/api/v1/__test__/error')).toBe('/api/v1/__test__/error');
    expect(apiUrl('https://rates.example.com/rates/')).toBe('https://rates.example.com/rates/');
  });

  it('sends the token from local storage as "Token <key>" and unwraps JSON', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'abc123');
    fetchMock.mockResolvedValue(json(200, { data: { id: 1 } }));
    await expect(http.get('users/me/')).resolves.toEqual({ data: { id: 1 } });
    expect(sent().headers.get('Authorization')).toBe('Token abc123');
    expect(sent().init.method).toBe('GET');
  });

  it('adds X-XSRF-TOKEN from the cookie on non-GET relative calls only', async () => {
    fetchMock.mockImplementation(async () => json(200, { data: null }));
    await http.get('users/');
    await http.post('users/', { name: 'A' });
    await http.patch('https://elsewhere.example.com/x/', { a: 1 });
    expect(sent(0).headers.has('X-XSRF-TOKEN')).toBe(false);
    expect(sent(1).headers.get('X-XSRF-TOKEN')).toBe('xsrf-secret');
    expect(sent(1).headers.get('Content-Type')).toBe('application/json');
    expect(sent(1).init.body).toBe('{"name":"A"}');
    expect(sent(2).headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('sends multipart through the form-data helper when asked', async () => {
    fetchMock.mockResolvedValue(json(200, { data: null }));
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    await http.post('users/me/avatar/', { file }, { formData: true });
    const body = sent().init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('a.png');
    // the browser sets the multipart boundary itself
    expect(sent().headers.has('Content-Type')).toBe(false);
  });

  it('drives the loading bar unless the ignore header or option is set, and strips the header', async () => {
    let resolve: (r: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((r) => (resolve = r)));
    const pending = http.get('users/');
    expect(loadingCounter.isActive()).toBe(true);
    resolve(json(200, { data: [] }));
    await pending;
    expect(loadingCounter.isActive()).toBe(false);

    const quiet = http.get('users/', { headers: { [IGNORE_LOADING_HEADER]: '1' } });
    expect(loadingCounter.isActive()).toBe(false);
    resolve(json(200, { data: [] }));
    await quiet;
    expect(sent(1).headers.has(IGNORE_LOADING_HEADER)).toBe(false);

    const silent = http.get('users/', { ignoreLoading: true });
    expect(loadingCounter.isActive()).toBe(false);
    resolve(json(200, { data: [] }));
    await silent;
  });

  it('ends the loading bar when the network fails', async () => {
    fetchMock.mockRejectedValue(new TypeError('offline'));
    await expect(http.get('users/')).rejects.toMatchObject({ status: 0 });
    expect(loadingCounter.isActive()).toBe(false);
  });

  it('throws an HttpError and shows the toasts of spec 8', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { errors: { detail: ['Email already used'] } }));
    const error = await http.post('users/', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 400, body: { errors: { detail: ['Email already used'] } } });

    fetchMock.mockResolvedValueOnce(json(403, { errors: { detail: 'no' } }));
    await http.get('users/').catch(() => {});
    fetchMock.mockResolvedValueOnce(json(500, { errors: { detail: 'x' } }));
    await http.get('__test__/error').catch(() => {});

    expect(toastStore.getSnapshot().map((t) => [t.title, t.message])).toEqual([
      ['500 error', 'Something went wrong. Try again or contact us.'],
      ['403 error', 'Access forbidden!'],
      ['Request error', 'Email already used'],
    ]);
  });

  it('stays quiet for the statuses the caller shows itself', async () => {
    fetchMock.mockResolvedValue(json(400, { errors: { detail: ['Wrong password'] } }));
    await http.post('auth/token/login/', {}, { quiet: [400, 429] }).catch(() => {});
    await http.post('auth/token/login/', {}, { quiet: true }).catch(() => {});
    expect(toastStore.getSnapshot()).toEqual([]);
  });

  it("leaves a 400's field messages to a form that shows them inline, and still toasts one without fields", async () => {
    const fields = {
      errors: { email: ['Should be unique'], detail: ['Invalid body. email: Should be unique'] },
    };
    fetchMock.mockResolvedValueOnce(json(400, fields));
    const error = await http.post('users/', {}, { fieldErrors: 'inline' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, fieldErrorsInline: true });
    expect(toastStore.getSnapshot()).toEqual([]);

    fetchMock.mockResolvedValueOnce(json(400, { errors: { detail: ['The period is closed'] } }));
    await http.post('users/', {}, { fieldErrors: 'inline' }).catch(() => {});
    expect(toastStore.getSnapshot().map((t) => [t.title, t.message])).toEqual([
      ['Request error', 'The period is closed'],
    ]);

    // without the option the toast of spec 8 shows as before
    toastStore.clear();
    fetchMock.mockResolvedValueOnce(json(400, fields));
    await http.post('users/', {}).catch(() => {});
    expect(toastStore.getSnapshot()).toHaveLength(1);
  });

  it('reports a 401 to the unauthorized handler unless told not to', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockImplementation(async () => json(401, { errors: { detail: 'Invalid token.' } }));
    await http.get('users/').catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    await http.get('users/me/', { skipAuthRedirect: true }).catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('reads an empty 204 as null', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(http.post('auth/token/logout/')).resolves.toBeNull();
  });
});
