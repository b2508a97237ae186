import { http } from '../../../../lib/http/http-client.ts';
import { usePeriodLockMutation } from './period-lock-mutation.ts';

/** DELETE period-locks/{company}/{month}/ (Admin only): reopen; `month` is `YYYY-MM`. */
export async function reopenMonth({ company, month }: { company: number; month: string }): Promise<void> {
  await http.delete(`period-locks/${company}/${month}/`, { quiet: [400, 403, 404, 409] });
}

export const useReopenMonth = () => usePeriodLockMutation(reopenMonth);
