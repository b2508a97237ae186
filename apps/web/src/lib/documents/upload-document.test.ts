import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../http/http-error.ts';
import { uploadDocument } from './upload-document.ts';

/** A stand-in for XMLHttpRequest: records what is sent and answers as the test says. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  localStorage.setItem('accessToken', 'tok-1');
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the server that sets this cookie
  document.cookie = 'XSRF-TOKEN=xsrf-1';
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: removes the cookie set above
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('uploading one file', () => {
  it('posts the folder then the file with the token and XSRF headers, reports progress, answers the stored file', async () => {
    const progress: number[] = [];
    const file = new File(['hello'], 'notes.txt');
    const done = uploadDocument(3, file, (sent) => progress.push(sent));
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/documents/files/');
    expect(xhr.headers).toMatchObject({ Authorization: 'Token tok-1', 'X-XSRF-TOKEN': 'xsrf-1' });
    expect([...(xhr.body as FormData).keys()]).toEqual(['folder', 'file']);
    expect((xhr.body as FormData).get('folder')).toBe('3');
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 2, total: 5 });
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 0, total: 0 });
    xhr.answer(201, { data: [{ id: 9, name: 'notes.txt' }] });
    await expect(done).resolves.toMatchObject({ id: 9 });
    expect(progress).toEqual([2]);
  });

  it('rejects with the server answer, a network failure, or an abort', async () => {
    const refused = uploadDocument(3, new File(['x'], 'x'), () => {});
    FakeXhr.last.answer(413, { errors: { detail: 'A file can be at most 100 MB.' } });
    await expect(refused).rejects.toMatchObject({
      status: 413,
      body: { errors: { detail: 'A file can be at most 100 MB.' } },
    });

    const cut = uploadDocument(3, new File(['x'], 'x'), () => {});
    FakeXhr.last.onerror?.();
    await expect(cut).rejects.toBeInstanceOf(HttpError);

    const controller = new AbortController();
    const stopped = uploadDocument(3, new File(['x'], 'x'), () => {}, controller.signal);
    controller.abort();
    await expect(stopped).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last.aborted).toBe(true);
  });
});
