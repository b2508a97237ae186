import type { DocumentFile } from '@app/shared/documents/documents.schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { documentsKeys } from './documents-keys.ts';
import { uploadDocument } from './upload-document.ts';
import {
  keptName,
  nameKey,
  type UploadCandidate,
  type UploadRefusal,
  uploadProblem,
  uploadRefusal,
} from './upload-rules.ts';

/** Files sent at the same time; the rest wait their turn. */
export const UPLOADS_AT_ONCE = 2;

export type UploadStatus = 'waiting' | 'uploading' | 'done' | 'failed';

export interface UploadItem {
  key: string;
  /** Null for a refused candidate that is not a file (a dropped folder). */
  file: File | null;
  name: string;
  size: number;
  folder: number;
  status: UploadStatus;
  sent: number;
  error: string | null;
  /** Whether Retry is offered: a clash or a network failure may be over; an empty or too large file stays so. */
  retryable: boolean;
}

export type UploadAction =
  | { type: 'add'; items: UploadItem[] }
  | { type: 'start'; key: string }
  | { type: 'progress'; key: string; sent: number }
  | { type: 'done'; key: string }
  | { type: 'failed'; key: string; refusal: UploadRefusal }
  | { type: 'retry'; key: string; problem: UploadRefusal | null }
  | { type: 'dismiss'; key: string }
  | { type: 'clear-finished' };

export function uploadsReducer(items: UploadItem[], action: UploadAction): UploadItem[] {
  const patch = (key: string, change: Partial<UploadItem>) =>
    items.map((item) => (item.key === key ? { ...item, ...change } : item));
  switch (action.type) {
    case 'add':
      return [...items, ...action.items];
    case 'start':
      return patch(action.key, { status: 'uploading', sent: 0, error: null });
    case 'progress':
      return patch(action.key, { sent: action.sent });
    case 'done':
      return items.map((item) =>
        item.key === action.key ? { ...item, status: 'done', sent: item.size } : item,
      );
    case 'failed':
      return patch(action.key, {
        status: 'failed',
        error: action.refusal.message,
        retryable: action.refusal.retryable,
      });
    case 'retry':
      return action.problem
        ? patch(action.key, {
            status: 'failed',
            error: action.problem.message,
            retryable: action.problem.retryable,
          })
        : patch(action.key, { status: 'waiting', sent: 0, error: null });
    case 'dismiss':
      return items.filter((item) => item.key !== action.key);
    case 'clear-finished':
      return items.filter((item) => item.status === 'waiting' || item.status === 'uploading');
    default: {
      const unreachable: never = action;
      return unreachable;
    }
  }
}

/** The waiting items to start now, so that at most `atOnce` are uploading. */
export function nextToStart(items: UploadItem[], atOnce = UPLOADS_AT_ONCE): UploadItem[] {
  const busy = items.filter((i) => i.status === 'uploading').length;
  return items.filter((i) => i.status === 'waiting' && i.file !== null).slice(0, Math.max(0, atOnce - busy));
}

/**
 * Names in `folder` that a new file may not take: those of its files on screen, and of the
 * uploads to it that are waiting, under way or done (two files of one drop with one name clash).
 */
export function takenNames(items: UploadItem[], folder: number, existing: readonly string[]): Set<string> {
  const taken = new Set(existing.map(nameKey));
  for (const item of items)
    if (item.folder === folder && item.status !== 'failed')
      taken.add(nameKey(keptName(item.name) ?? item.name));
  return taken;
}

let sequence = 0;

/** A dropped or chosen file with whether the browser says it is a folder. */
export type UploadInput = { file: File; isDirectory?: boolean };

/**
 * The upload list of a folder view: files are checked first (size, name, clash, folders), then
 * sent two at a time with their progress; each failure stays beside its file with the reason and
 * a retry. `existing` are the names of the folder's files on screen. Uploads under way are
 * canceled when the view goes.
 */
export function useUploads({
  maxBytes,
  existing,
  onUploaded,
}: {
  maxBytes: number | null;
  existing: (folder: number) => readonly string[];
  onUploaded?: (file: DocumentFile) => void;
}) {
  const [items, dispatch] = useReducer(uploadsReducer, []);
  const client = useQueryClient();
  const controllers = useRef(new Map<string, AbortController>());
  const latest = useRef({ items, existing, maxBytes, onUploaded });
  latest.current = { items, existing, maxBytes, onUploaded };

  useEffect(() => {
    for (const item of nextToStart(items)) {
      const controller = new AbortController();
      controllers.current.set(item.key, controller);
      dispatch({ type: 'start', key: item.key });
      uploadDocument(
        item.folder,
        item.file as File,
        (sent) => dispatch({ type: 'progress', key: item.key, sent }),
        controller.signal,
      )
        .then((saved) => {
          dispatch({ type: 'done', key: item.key });
          latest.current.onUploaded?.(saved);
          return client.invalidateQueries({ queryKey: documentsKeys.filesOf(item.folder) });
        })
        .catch((error: unknown) =>
          dispatch({ type: 'failed', key: item.key, refusal: uploadRefusal(error, item.name) }),
        )
        .finally(() => controllers.current.delete(item.key));
    }
  }, [items, client]);

  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  const add = useCallback((folder: number, inputs: UploadInput[]) => {
    const { items: current, existing: names, maxBytes: max } = latest.current;
    const added: UploadItem[] = [];
    for (const { file, isDirectory } of inputs) {
      const taken = takenNames([...current, ...added], folder, names(folder));
      const candidate: UploadCandidate = {
        name: file.name,
        size: file.size,
        isDirectory: isDirectory ?? false,
      };
      const problem = uploadProblem(candidate, { maxBytes: max, taken });
      sequence += 1;
      added.push({
        key: `upload-${sequence}`,
        file: isDirectory ? null : file,
        name: keptName(file.name) ?? file.name,
        size: file.size,
        folder,
        status: problem ? 'failed' : 'waiting',
        sent: 0,
        error: problem?.message ?? null,
        retryable: problem?.retryable ?? false,
      });
    }
    dispatch({ type: 'add', items: added });
  }, []);

  const retry = useCallback((key: string) => {
    const { items: current, existing: names, maxBytes: max } = latest.current;
    const item = current.find((i) => i.key === key);
    if (!item || item.file === null) return;
    const others = current.filter((i) => i.key !== key);
    const problem = uploadProblem(
      { name: item.file.name, size: item.size },
      { maxBytes: max, taken: takenNames(others, item.folder, names(item.folder)) },
    );
    dispatch({ type: 'retry', key, problem });
  }, []);

  const cancel = useCallback((key: string) => {
    const controller = controllers.current.get(key);
    if (controller) controller.abort();
    else dispatch({ type: 'dismiss', key });
  }, []);

  const dismiss = useCallback((key: string) => dispatch({ type: 'dismiss', key }), []);
  const clearFinished = useCallback(() => dispatch({ type: 'clear-finished' }), []);

  return { items, add, retry, cancel, dismiss, clearFinished };
}
export type Uploads = ReturnType<typeof useUploads>;
