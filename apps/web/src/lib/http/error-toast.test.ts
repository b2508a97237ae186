import { describe, expect, it } from 'vitest';
import { codeTitle, errorToToasts, type FailedCall } from './error-toast.ts';

const call = (status: number, body: unknown, url = '/api/v1/clients/'): FailedCall => ({
  status,
  body,
  url,
  message: `Http failure response for ${url}: ${status}`,
});

describe('error toasts of spec section 8', () => {
  describe('400', () => {
    it('shows the first item of a non-empty errors.detail list', () => {
      expect(
        errorToToasts(call(400, { errors: { detail: ['First problem', 'Second'], name: ['x'] } })),
      ).toEqual([{ title: 'Request error', message: 'First problem' }]);
    });

    it('shows errors.detail itself when it is not a non-empty list', () => {
      expect(errorToToasts(call(400, { errors: { detail: 'Plain detail' } }))).toEqual([
        { title: 'Request error', message: 'Plain detail' },
      ]);
      expect(
        errorToToasts(call(400, { errors: { detail: { code: 'in_use', detail: 'Still used' } } })),
      ).toEqual([{ title: 'In use', message: 'Still used' }]);
      // an empty list is present but says nothing: the generic message under the status
      expect(errorToToasts(call(400, { errors: { detail: [] } }))).toEqual([
        { title: '400', message: 'Http failure response for /api/v1/clients/: 400' },
      ]);
    });

    it('titles business-rule items by their code', () => {
      const body = {
        errors: [
          {
            code: 'over_allocation',
            detail: 'Allocation exceeds the open amount of invoice BSLF-2026-00042',
          },
          { code: 'period_closed', detail: 'The period is closed' },
        ],
      };
      expect(errorToToasts(call(400, body))).toEqual([
        {
          title: 'Over allocation',
          message: 'Allocation exceeds the open amount of invoice BSLF-2026-00042',
        },
        { title: 'Period closed', message: 'The period is closed' },
      ]);
    });

    it('shows the whole errors object under the status when it has no detail', () => {
      expect(
        errorToToasts(call(400, { errors: { email: ['Should be unique'], name: 'Required field' } })),
      ).toEqual([{ title: '400', message: 'email: Should be unique; name: Required field' }]);
    });

    it('titles a plain string errors value "Request error"', () => {
      expect(errorToToasts(call(400, { errors: 'Something is off' }))).toEqual([
        { title: 'Request error', message: 'Something is off' },
      ]);
    });

    it('shows the raw error under "Data error" when there is no errors object', () => {
      expect(errorToToasts(call(400, 'Bad request text'))).toEqual([
        { title: 'Data error', message: 'Bad request text' },
      ]);
      expect(errorToToasts(call(400, { message: 'odd shape' }))).toEqual([
        { title: 'Data error', message: '{"message":"odd shape"}' },
      ]);
      expect(errorToToasts(call(400, null))).toEqual([
        { title: 'Data error', message: 'Http failure response for /api/v1/clients/: 400' },
      ]);
    });
  });

  it('shows 403 as "Access forbidden!" except on chat channel URLs', () => {
    expect(errorToToasts(call(403, { errors: { detail: 'No' } }))).toEqual([
      { title: '403 error', message: 'Access forbidden!' },
    ]);
    expect(errorToToasts(call(403, null, '/api/v1/chat/channels/7/'))).toEqual([]);
    expect(errorToToasts(call(403, null, '/api/v1/chat/channels/messages/3/read/'))).toEqual([]);
    expect(errorToToasts(call(403, null, '/api/v1/chat/channels?x=1'))).toEqual([]);
    expect(errorToToasts(call(403, null, '/api/v1/channels-report/'))).toHaveLength(1);
  });

  it('shows 500 with the fixed message', () => {
    expect(errorToToasts(call(500, { errors: { detail: 'boom' } }))).toEqual([
      { title: '500 error', message: 'Something went wrong. Try again or contact us.' },
    ]);
  });

  it('shows nothing for statuses the spec does not list', () => {
    for (const status of [0, 401, 404, 409, 413, 415, 429, 502]) {
      expect(errorToToasts(call(status, { errors: { detail: 'x' } })), String(status)).toEqual([]);
    }
  });

  it('turns codes into titles', () => {
    expect(codeTitle('over_allocation')).toBe('Over allocation');
    expect(codeTitle('a_b_c')).toBe('A b c');
    expect(codeTitle('in_use')).toBe('In use');
  });
});
