import type { BillRecord } from '@app/shared/accounting/bills.schemas';
import { useQuery } from '@tanstack/react-query';
import { fetchFile } from '../../../../lib/http/download-file.ts';
import { apiUrl } from '../../../../lib/http/http-client.ts';
import { HttpError } from '../../../../lib/http/http-error.ts';
import { loadingCounter } from '../../../../lib/http/loading-counter.ts';
import { getAccessToken } from '../../../../lib/session/access-token.ts';
import { billsKeys } from './bills-keys.ts';

const filePath = (id: number) => `supplier-invoices/${id}/file/`;

/**
 * GET supplier-invoices/{id}/file/ as a Blob for the page's preview. The API takes the token in a
 * header, which an `<iframe src>` cannot send, so the file is fetched and shown from an object URL.
 * A failure is shown in the preview's place, not toasted.
 */
export async function fetchBillFile(id: number, signal?: AbortSignal): Promise<Blob> {
  const url = apiUrl(filePath(id));
  const stop = loadingCounter.start();
  try {
    const token = getAccessToken();
    const response = await fetch(url, {
      headers: token ? { Authorization: `Token ${token}` } : {},
      credentials: 'same-origin',
      signal,
    });
    if (!response.ok) throw new HttpError(response.status, response.statusText, url, null);
    return await response.blob();
  } finally {
    stop();
  }
}

/** The bill's file, fetched again when it was replaced (its name, size or the bill's update time changed). */
export function useBillFile(bill: Pick<BillRecord, 'id' | 'updated_at' | 'file'> | undefined) {
  const revision = bill ? `${bill.updated_at}|${bill.file.name}|${bill.file.size}` : '';
  return useQuery({
    queryKey: billsKeys.file(bill?.id ?? 0, revision),
    queryFn: ({ signal }) => fetchBillFile(bill?.id as number, signal),
    enabled: bill !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** Saves the bill's file under its original name; a failure has been toasted. */
export function downloadBillFile(bill: Pick<BillRecord, 'id' | 'file'>): Promise<void> {
  return fetchFile({ path: filePath(bill.id), fallbackName: bill.file.name, what: 'bill file' }).catch(
    () => undefined,
  );
}
