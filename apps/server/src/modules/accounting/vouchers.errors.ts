import { VOUCHER_MESSAGES } from '@app/shared';
import { AppError } from '../../platform/errors.ts';

// A new error per throw: each is a factory, never one shared object.

interface Held {
  type: string;
  due_date: string;
  status: string | null;
}

export const VOUCHER_NOT_FOUND = () => AppError.notFound('Payment voucher');

/** A deadline whose voucher is approved (or paid) may not change or go. */
export const VOUCHER_APPROVED = (v: Held) =>
  new AppError(
    'VOUCHER_APPROVED',
    v.status === 'Paid'
      ? VOUCHER_MESSAGES.paidDeadline(v.type, v.due_date)
      : VOUCHER_MESSAGES.approved(v.type, v.due_date),
    { rule: true },
  );

export const VOUCHER_PAID_BY_MATCHING = () =>
  new AppError('VOUCHER_PAID_BY_MATCHING', VOUCHER_MESSAGES.paidByMatching, { rule: true });

export const VOUCHER_PAID = (v: Held) =>
  new AppError('VOUCHER_PAID', VOUCHER_MESSAGES.paid(v.type, v.due_date), { rule: true });
