import { documentMoneyField } from '@app/shared/accounting/accounting.common';
import {
  TRANSACTION_MESSAGES,
  TRANSACTION_REFERENCE_MAX,
  type TransferBody,
} from '@app/shared/banking/transactions.schemas';
import { dateField, decimalField, idField, optionalString } from '@app/shared/validation/fields.schemas';
import { z } from 'zod';
import type { ConversionDriver } from './transfer-conversion.ts';

/** What the transfer dialog holds; `rate` and `to_amount` matter only between currencies. */
export interface TransferFormInput {
  from_bank: number | null;
  to_bank: number | null;
  date: string;
  amount: string;
  rate: string;
  to_amount: string;
  reference: string;
}

/** The two accounts' currencies once both are chosen, and whether they differ (a conversion). */
export interface TransferCurrencies {
  from: string | null;
  to: string | null;
}
export const isConversion = (c: TransferCurrencies) => c.from !== null && c.to !== null && c.from !== c.to;

const rateField = decimalField({ scale: 6, min: '0.000001', max: '999999' });
/** '' is "not given"; anything typed must be what the server takes. */
const optional = (field: z.ZodType) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      if (v === '') return;
      const checked = field.safeParse(v);
      if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? '' });
    });

/** The contract's fields; two different accounts; a conversion needs its rate or the amount received. */
export function transferFormSchema(currencies: TransferCurrencies) {
  return z
    .object({
      from_bank: idField(),
      to_bank: idField(),
      date: dateField(),
      amount: documentMoneyField(),
      rate: optional(rateField),
      to_amount: optional(documentMoneyField()),
      reference: optionalString(TRANSACTION_REFERENCE_MAX, { multiline: true }),
    })
    .superRefine((v, ctx) => {
      if (v.from_bank === v.to_bank)
        ctx.addIssue({ code: 'custom', path: ['to_bank'], message: TRANSACTION_MESSAGES.sameBank });
      if (isConversion(currencies) && v.rate === '' && v.to_amount === '')
        ctx.addIssue({
          code: 'custom',
          path: ['rate'],
          message: TRANSACTION_MESSAGES.rateRequired(currencies.from ?? '', currencies.to ?? ''),
        });
    });
}
export type TransferFormOutput = z.output<ReturnType<typeof transferFormSchema>>;

export const TRANSFER_FORM_FIELDS = [
  'from_bank',
  'to_bank',
  'date',
  'amount',
  'rate',
  'to_amount',
  'reference',
] as const;

export function emptyTransferForm(today: string): TransferFormInput {
  return { from_bank: null, to_bank: null, date: today, amount: '', rate: '', to_amount: '', reference: '' };
}

/**
 * `POST transfers/`: between currencies only the side the person typed goes (the server derives
 * the other exactly as the dialog showed it); within one currency neither.
 */
export function transferBody(
  v: TransferFormOutput,
  currencies: TransferCurrencies,
  driver: ConversionDriver,
): TransferBody {
  const body: TransferBody = {
    from_bank: v.from_bank,
    to_bank: v.to_bank,
    date: v.date,
    amount: v.amount,
    reference: v.reference ? v.reference : null,
  };
  if (!isConversion(currencies)) return body;
  if (driver === 'to_amount' && v.to_amount) body.to_amount = v.to_amount;
  else if (v.rate) body.rate = v.rate;
  else if (v.to_amount) body.to_amount = v.to_amount;
  return body;
}
