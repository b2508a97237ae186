import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../../lib/http/http-error.ts';
import { applyServerErrors, humanize } from './server-errors.ts';

const http = (status: number, body: unknown) => new HttpError(status, '', '/api/v1/x/', body);

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
    expect(outcome).toEqual({ kind: 'fields', message: null });
  });

  it('keeps the detail and messages of fields the form does not show for a banner', () => {
    const outcome = applyServerErrors(
      http(400, { errors: { detail: ['Nope.'], payment_terms_days: ['Maximum value 365'] } }),
      vi.fn(),
      ['name'],
    );
    expect(outcome).toEqual({ kind: 'fields', message: 'Nope. Payment terms days: Maximum value 365' });
  });

  it('reports a 409 as stale and leaves other failures to the toast', () => {
    expect(applyServerErrors(http(409, null), vi.fn(), [])).toEqual({ kind: 'stale' });
    expect(applyServerErrors(http(500, null), vi.fn(), [])).toEqual({ kind: 'other', message: null });
    expect(applyServerErrors(new Error('x'), vi.fn(), [])).toEqual({ kind: 'other', message: null });
  });

  it('turns field names into words', () => {
    expect(humanize('bank_details.iban')).toBe('Bank details iban');
  });
});
