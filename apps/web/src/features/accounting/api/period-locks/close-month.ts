import type { PeriodLock, PeriodLockBody } from '@app/shared/accounting/period-locks.schemas';
import { http } from '../../../../lib/http/http-client.ts';
import { usePeriodLockMutation } from './period-lock-mutation.ts';

/** POST period-locks/: close a month; the confirmation dialog shows a refusal itself. */
export async function closeMonth(body: PeriodLockBody): Promise<PeriodLock> {
  return (await http.post<{ data: PeriodLock }>('period-locks/', body, { quiet: [400, 403, 409] })).data;
}

export const useCloseMonth = () => usePeriodLockMutation(closeMonth);
