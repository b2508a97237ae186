import { type Allocation, type AllocationDocument, isCreditTransaction } from '@app/shared';
import { Decimal } from 'decimal.js';
import { voucherLabel } from '../accounting/settlement.ts';
import type { AllocationRow, AllocationView } from './allocations.repository.ts';

/** The audit entity of allocations (`GET audit/?entity=allocation&entity_id=`). */
export const ALLOCATION_ENTITY = 'allocation';
/** The bank line's entity: its history shows what matching moved on it. */
export { TRANSACTION_ENTITY as BANK_TRANSACTION_ENTITY } from './transactions.audit.ts';

type Currency = Allocation['currency'];
const money = (v: string) => new Decimal(v).toFixed(2);
const rate = (v: string) => new Decimal(v).toFixed(6);

function documentOf(v: AllocationView): { document: AllocationDocument; bill: AllocationDocument | null } {
  const bill: AllocationDocument | null =
    v.bill_id !== null
      ? {
          kind: 'bill',
          id: v.bill_id,
          number: v.b_number!,
          currency: v.b_currency as Currency,
          counterparty: { id: v.b_supplier_id!, name: v.b_supplier_name! },
        }
      : null;
  if (v.invoice_id !== null)
    return {
      document: {
        kind: v.i_kind === 'credit_note' ? 'credit_note' : 'invoice',
        id: v.invoice_id,
        number: v.i_number!,
        currency: v.i_currency as Currency,
        counterparty: { id: v.i_client_id!, name: v.i_client_name! },
      },
      bill: null,
    };
  if (v.voucher_id !== null)
    return {
      document: {
        kind: 'voucher',
        id: v.voucher_id,
        number: voucherLabel(v.v_type!, v.v_due_date!, v.v_request_number!),
        currency: v.v_currency as Currency,
        counterparty: { id: v.v_supplier_id!, name: v.v_supplier_name! },
      },
      bill,
    };
  return { document: bill!, bill: null };
}

export function toAllocation(v: AllocationView): Allocation {
  const { document, bill } = documentOf(v);
  return {
    id: v.id,
    transaction: {
      id: v.transaction_id,
      type: v.t_type as Allocation['transaction']['type'],
      date: v.t_date,
      amount: money(v.t_amount),
      currency: v.t_currency as Currency,
      bank: `${v.bank_name} ${v.bank_currency} (…${v.bank_account_number.slice(-4)})`,
      reference: v.t_reference,
    },
    document,
    bill,
    amount: money(v.amount),
    currency: v.t_currency as Currency,
    document_amount: money(v.document_amount),
    document_currency: document.currency,
    rate: rate(v.rate),
    base_currency: v.base_currency as Currency,
    base_amount: money(v.base_amount),
    document_base_amount: money(v.document_base_amount),
    fx_difference: money(v.fx_difference),
    from_credit: isCreditTransaction({ type: v.t_type, way: v.t_way }),
    date: v.date,
    created_by:
      v.created_by !== null && v.created_by_name !== null
        ? { id: v.created_by, name: v.created_by_name }
        : null,
    created_at: new Date(v.created_at).toISOString(),
  };
}

/** What the history keeps of an allocation: both sides and every amount. */
export function allocationSnapshot(a: AllocationRow) {
  return {
    transaction_id: a.transaction_id,
    invoice_id: a.invoice_id,
    bill_id: a.bill_id,
    voucher_id: a.voucher_id,
    amount: money(a.amount),
    document_amount: money(a.document_amount),
    rate: rate(a.rate),
    base_amount: money(a.base_amount),
    document_base_amount: money(a.document_base_amount),
    fx_difference: money(a.fx_difference),
    date: a.date,
  };
}
