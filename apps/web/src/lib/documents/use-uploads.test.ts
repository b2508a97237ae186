import { describe, expect, it } from 'vitest';
import { nextToStart, takenNames, type UploadItem, uploadsReducer } from './use-uploads.ts';

const file = (name: string) => new File(['x'], name);
const item = (key: string, patch: Partial<UploadItem> = {}): UploadItem => ({
  key,
  file: file(`${key}.txt`),
  name: `${key}.txt`,
  size: 10,
  folder: 1,
  status: 'waiting',
  sent: 0,
  error: null,
  retryable: false,
  ...patch,
});

describe('the upload list', () => {
  it('starts waiting files two at a time, in the order they came', () => {
    const items = [item('a', { status: 'uploading' }), item('b'), item('c'), item('d', { status: 'failed' })];
    expect(nextToStart(items).map((i) => i.key)).toEqual(['b']);
    expect(nextToStart([item('a'), item('b'), item('c')]).map((i) => i.key)).toEqual(['a', 'b']);
    // a refused folder has no file to send
    expect(nextToStart([item('f', { file: null })])).toEqual([]);
  });

  it('moves a file through sending to done, or to failed with why, and back to waiting on retry', () => {
    let items = uploadsReducer([], { type: 'add', items: [item('a')] });
    items = uploadsReducer(items, { type: 'start', key: 'a' });
    items = uploadsReducer(items, { type: 'progress', key: 'a', sent: 4 });
    expect(items[0]).toMatchObject({ status: 'uploading', sent: 4 });
    const done = uploadsReducer(items, { type: 'done', key: 'a' });
    expect(done[0]).toMatchObject({ status: 'done', sent: 10 });
    const failed = uploadsReducer(items, {
      type: 'failed',
      key: 'a',
      refusal: { message: 'cut off', retryable: true },
    });
    expect(failed[0]).toMatchObject({ status: 'failed', error: 'cut off', retryable: true });
    expect(uploadsReducer(failed, { type: 'retry', key: 'a', problem: null })[0]).toMatchObject({
      status: 'waiting',
      error: null,
      sent: 0,
    });
    const still = uploadsReducer(failed, {
      type: 'retry',
      key: 'a',
      problem: { message: 'taken', retryable: true },
    });
    expect(still[0]).toMatchObject({ status: 'failed', error: 'taken' });
  });

  it('clears finished rows and keeps those under way', () => {
    const items = [
      item('a', { status: 'done' }),
      item('b', { status: 'failed' }),
      item('c', { status: 'uploading' }),
    ];
    expect(uploadsReducer(items, { type: 'clear-finished' }).map((i) => i.key)).toEqual(['c']);
    expect(uploadsReducer(items, { type: 'dismiss', key: 'a' }).map((i) => i.key)).toEqual(['b', 'c']);
  });

  it('counts as taken the folder’s names and those of uploads to it that did not fail, any case', () => {
    const items = [
      item('a', { name: 'Scan.PNG', status: 'done' }),
      item('b', { name: 'refused.txt', status: 'failed' }),
      item('c', { name: 'other.txt', folder: 2 }),
    ];
    expect([...takenNames(items, 1, ['Offer.pdf'])].sort()).toEqual(['offer.pdf', 'scan.png']);
  });
});
