import type { Voucher } from '@app/shared/accounting/vouchers.schemas';
import type { DirectoryListResult } from '@app/shared/directory/index';
import { Dec, toFixedText } from '@app/shared/rates/rate-math';
import { formatDate } from '../../../../lib/format/format-date.ts';
import { http } from '../../../../lib/http/http-client.ts';
import type { OpenDocument } from './open-document.ts';

const PAGE = 50;

/** 'Deposit of 12/03/2026 · TPRO-2026-00042': a voucher has no number of its own. */
export const voucherLabel = (v: Pick<Voucher, 'type' | 'due_date' | 'request'>) =>
  `${v.type} of ${formatDate(v.due_date)} · ${v.request.number}`;

const toOpen = (v: Voucher): OpenDocument => ({
  kind: 'voucher',
  id: v.id,
  number: voucherLabel(v),
  counterparty: v.supplier,
  currency: v.currency,
  total: v.amount,
  open_amount: toFixedText(new Dec(v.amount).minus(v.settled_amount), 2),
  due_date: v.due_date,
});

const folded = (text: string) => text.toLocaleLowerCase().replace(/\s+/g, ' ').trim();

/**
 * GET payment-vouchers/: the list takes no search, so the company's vouchers (the supplier's when
 * the bank line names one), soonest due first, are filtered here by request number, supplier or
 * type; Paid ones are left out.
 */
export async function listOpenVouchers(
  { search, company, supplier }: { search: string; company: number; supplier?: number | undefined },
  signal?: AbortSignal,
): Promise<OpenDocument[]> {
  const page = await http.get<DirectoryListResult<Voucher>>('payment-vouchers/', {
    query: { company, supplier, limit: PAGE, ordering: 'due_date' },
    signal,
  });
  const words = folded(search).split(' ').filter(Boolean);
  return page.data
    .filter((v) => v.status !== 'Paid')
    .map(toOpen)
    .filter((d) => {
      const text = folded(`${d.number} ${d.counterparty.name}`);
      return words.every((w) => text.includes(w));
    })
    .slice(0, 10);
}
