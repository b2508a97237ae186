import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '../../ui/toasts/toast-store.ts';
import { HttpError } from '../http/http-error.ts';
import { humanizeField, showServerFieldErrors } from './server-field-errors.ts';

afterEach(() => toastStore.clear());

/** A refusal as the HTTP client hands it to a form that asked for `fieldErrors: 'inline'`. */
const refused = (status: number, body: unknown, inline = true) =>
  new HttpError(status, '', '/api/v1/users/', body, inline);
const toasts = () => toastStore.getSnapshot().map((t) => [t.title, t.message]);

describe('showServerFieldErrors', () => {
  it('puts each message under its field, focusing the first, and toasts nothing', () => {
    const show = vi.fn();
    const body = {
      errors: {
        email: ['Should be unique'],
        'bank.iban': ['Invalid field value'],
        detail: ['Invalid body. email: Should be unique'],
      },
    };
    expect(showServerFieldErrors(refused(400, body), ['email', 'bank'], show)).toBe(true);
    expect(show.mock.calls).toEqual([
      ['email', 'Should be unique', true],
      ['bank.iban', 'Invalid field value', false],
    ]);
    expect(toasts()).toEqual([]);
  });

  it("maps the server's names onto the form's", () => {
    const show = vi.fn();
    showServerFieldErrors(
      refused(400, { errors: { new_password: ['Choose a password different from the current one.'] } }),
      { new_password: 'password', current_password: 'current' },
      show,
    );
    expect(show).toHaveBeenCalledWith('password', 'Choose a password different from the current one.', true);
  });

  it('still toasts a message whose field is not on the form, named by its label', () => {
    const show = vi.fn();
    showServerFieldErrors(
      refused(400, { errors: { name: ['Required field'], payment_terms_days: ['Maximum value 365'] } }),
      ['name'],
      show,
      { payment_terms_days: 'Payment terms (days)' },
    );
    expect(show).toHaveBeenCalledTimes(1);
    expect(toasts()).toEqual([['400', 'Payment terms (days): Maximum value 365']]);
    toastStore.clear();
    showServerFieldErrors(refused(400, { errors: { region_id: ['Invalid field value'] } }), ['name'], show);
    expect(toasts()).toEqual([['400', 'Region id: Invalid field value']]);
  });

  it('adds no toast where the HTTP layer already showed one', () => {
    showServerFieldErrors(refused(400, { errors: { region_id: ['x'] } }, false), ['name'], vi.fn());
    expect(toasts()).toEqual([]);
  });

  it('does nothing for a 400 without fields or another failure', () => {
    const show = vi.fn();
    expect(showServerFieldErrors(refused(400, { errors: { detail: ['Closed'] } }), ['name'], show)).toBe(
      false,
    );
    expect(showServerFieldErrors(refused(409, { errors: { name: ['x'] } }), ['name'], show)).toBe(false);
    expect(showServerFieldErrors(new Error('x'), ['name'], show)).toBe(false);
    expect(show).not.toHaveBeenCalled();
    expect(toasts()).toEqual([]);
  });

  it('turns field names into words', () => {
    expect(humanizeField('bank_details.iban')).toBe('Bank details iban');
  });
});
