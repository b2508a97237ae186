import type { RegisterRow } from '@app/shared/accounting/register.schemas';
import type { DirectoryListResult } from '@app/shared/directory/index';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../../lib/http/http-client.ts';
import { type RegisterListParams, registerKeys } from './register-keys.ts';

/** GET invoices-and-bills/: one page of client invoices, credit notes and bills. */
export function listRegister(
  params: RegisterListParams,
  signal?: AbortSignal,
): Promise<DirectoryListResult<RegisterRow>> {
  return http.get<DirectoryListResult<RegisterRow>>('invoices-and-bills/', { query: { ...params }, signal });
}

export function useRegister(params: RegisterListParams) {
  return useQuery({
    queryKey: registerKeys.list(params),
    queryFn: ({ signal }) => listRegister(params, signal),
    placeholderData: keepPreviousData,
  });
}
