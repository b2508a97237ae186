import type { Voucher } from '@app/shared';
import { Decimal } from 'decimal.js';
import type { VoucherRow, VoucherView } from './vouchers.repository.ts';

export const VOUCHER_ENTITY = 'payment_voucher';

const money = (v: string) => new Decimal(v).toFixed(2);

/** A voucher as the API answers it; `today` (UTC) decides whether it is overdue. */
export function toVoucher(v: VoucherView, today: string): Voucher {
  const status = (v.status ?? 'Inactive') as Voucher['status'];
  return {
    id: v.id,
    deadline_id: v.deadline_id,
    type: v.type as Voucher['type'],
    due_date: v.due_date,
    amount: money(v.amount),
    currency: v.currency as Voucher['currency'],
    settled_amount: money(v.settled_amount),
    status,
    overdue: status !== 'Paid' && v.due_date < today,
    supplier: { id: v.supplier_id, name: v.supplier_name },
    company: { id: v.company_id, code: v.company_code, name: v.company_name },
    request: { id: v.request_id, number: v.request_number },
    line: {
      id: v.line_id,
      service_type: v.service_type,
      status: v.line_status as Voucher['line']['status'],
    },
    approved_at: v.approved_at?.toISOString() ?? null,
    approved_by:
      v.approved_by !== null && v.approver_name !== null
        ? { id: v.approved_by, name: v.approver_name }
        : null,
    version: v.version,
  };
}

/** What the history keeps of a voucher (decision 0010, "Audit"). */
export function voucherSnapshot(v: VoucherRow) {
  return {
    deadline_id: v.deadline_id,
    line_id: v.line_id,
    request_id: v.request_id,
    supplier_id: v.supplier_id,
    type: v.type,
    due_date: v.due_date,
    amount: money(v.amount),
    currency: v.currency,
    status: v.status,
    approved_at: v.approved_at,
    approved_by: v.approved_by,
  };
}
