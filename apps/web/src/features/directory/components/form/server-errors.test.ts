import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../../lib/http/http-error.ts';
import { toastStore } from '../../../../ui/toasts/toast-store.ts';
import { applyServerErrors } from './server-errors.ts';

afterEach(() => toastStore.clear());

// as the record APIs receive it: asked with `fieldErrors: 'inline'`
const http = (status: number, body: unknown) => new HttpError(status, '', '/api/v1/x/', body, true);

describe('applyServerErrors', () => {
  it('sets each known field (nested paths too) and focuses the first', () => {
    const setError = vi.fn();
    const outcome = applyServerErrors(
      http(400, { errors: { email: ['Should be unique'], 'bank.iban': ['Invalid field value'] } }),
      setError,
      ['email', 'bank'],
    );
    expect(setError).toHaveBeenNthCalledWith(
      1,
      'email',
      { type: 'server', message: 'Should be unique' },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenNthCalledWith(
      2,
      'bank.iban',
      { type: 'server', message: 'Invalid field value' },
      {
        shouldFocus: false,
      },
    );
    expect(outcome).toEqual({ kind: 'fields' });
    expect(toastStore.getSnapshot()).toEqual([]);
  });

  it('toasts the messages of fields the form does not show, without the detail that sums them up', () => {
    const outcome = applyServerErrors(
      http(400, { errors: { detail: ['Invalid body.'], payment_terms_days: ['Maximum value 365'] } }),
      vi.fn(),
      ['name'],
    );
    expect(outcome).toEqual({ kind: 'fields' });
    expect(toastStore.getSnapshot().map((t) => [t.title, t.message])).toEqual([
      ['400', 'Payment terms days: Maximum value 365'],
    ]);
  });

  it('reports a 409 as stale and leaves other failures to the toast', () => {
    expect(applyServerErrors(http(409, null), vi.fn(), [])).toEqual({ kind: 'stale' });
    expect(applyServerErrors(http(500, null), vi.fn(), [])).toEqual({ kind: 'other', message: null });
    expect(applyServerErrors(new Error('x'), vi.fn(), [])).toEqual({ kind: 'other', message: null });
  });
});
