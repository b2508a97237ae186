import type { CurrentUser } from '@app/shared/users/user.schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/user-fixture.ts';
import { HttpError } from '../http/http-error.ts';
import { checkSession, SESSION_RETRIES, SESSION_RETRY_DELAY_MS } from './session-check.ts';

const user = makeUser({ id: 1, name: 'Ann', email: 'ann@example.com' });

describe('session check (spec 4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stores the user and yields true when the current-user request succeeds', async () => {
    const onSuccess = vi.fn();
    const logout = vi.fn();
    await expect(checkSession({ fetchUser: async () => user, onSuccess, logout })).resolves.toBe(true);
    expect(onSuccess).toHaveBeenCalledWith(user);
    expect(logout).not.toHaveBeenCalled();
  });

  it('retries 5 times, 2000 ms apart, then logs out and yields false', async () => {
    const fetchUser = vi.fn(async (): Promise<CurrentUser> => {
      throw new HttpError(500, 'Internal Server Error', '/api/v1/users/me/', null);
    });
    const logout = vi.fn();
    const result = checkSession({ fetchUser, onSuccess: vi.fn(), logout });

    await vi.advanceTimersByTimeAsync(0);
    expect(fetchUser).toHaveBeenCalledTimes(1);
    for (let retry = 1; retry <= SESSION_RETRIES; retry += 1) {
      await vi.advanceTimersByTimeAsync(SESSION_RETRY_DELAY_MS - 1);
      expect(fetchUser).toHaveBeenCalledTimes(retry);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchUser).toHaveBeenCalledTimes(retry + 1);
    }
    await expect(result).resolves.toBe(false);
    expect(fetchUser).toHaveBeenCalledTimes(1 + SESSION_RETRIES);
    expect(logout).toHaveBeenCalledTimes(1);
    expect(SESSION_RETRIES).toBe(5);
    expect(SESSION_RETRY_DELAY_MS).toBe(2000);
  });

  it('succeeds on a later attempt without logging out', async () => {
    const fetchUser = vi
      .fn<() => Promise<CurrentUser>>()
      .mockRejectedValueOnce(new HttpError(0, 'Network error', '/api/v1/users/me/', null))
      .mockRejectedValueOnce(new HttpError(502, 'Bad Gateway', '/api/v1/users/me/', null))
      .mockResolvedValueOnce(user);
    const onSuccess = vi.fn();
    const logout = vi.fn();
    const result = checkSession({ fetchUser, onSuccess, logout });
    await vi.advanceTimersByTimeAsync(2 * SESSION_RETRY_DELAY_MS);
    await expect(result).resolves.toBe(true);
    expect(fetchUser).toHaveBeenCalledTimes(3);
    expect(onSuccess).toHaveBeenCalledWith(user);
    expect(logout).not.toHaveBeenCalled();
  });

  it('logs out at once when the server refuses the token (401)', async () => {
    const fetchUser = vi.fn(async (): Promise<CurrentUser> => {
      throw new HttpError(401, 'Unauthorized', '/api/v1/users/me/', null);
    });
    const logout = vi.fn();
    await expect(checkSession({ fetchUser, onSuccess: vi.fn(), logout })).resolves.toBe(false);
    expect(fetchUser).toHaveBeenCalledTimes(1);
    expect(logout).toHaveBeenCalledTimes(1);
  });
});
