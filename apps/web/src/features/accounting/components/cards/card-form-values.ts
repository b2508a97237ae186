import { DOCUMENT_MONEY_MAX } from '@app/shared/accounting/accounting.common';
import type { Card, CreateCardBody, UpdateCardBody } from '@app/shared/accounting/cards.schemas';
import { CARD_EXPIRY_PATTERN } from '@app/shared/accounting/cards.schemas';
import {
  cardNumberField,
  decimalField,
  idField,
  requiredString,
} from '@app/shared/validation/fields.schemas';
import { MESSAGES } from '@app/shared/validation/messages';
import { z } from 'zod';
import { isExpiryPast } from './card-number.ts';

/** What the card dialog holds while it is open. The number is only there for a new card. */
export interface CardFormInput {
  bank: number | null;
  holder: string;
  number: string;
  expiry: string;
  limit: string;
}

/** Today in UTC (`YYYY-MM-DD`), the day the server checks an expiry against. */
export const utcToday = (now: Date = new Date()) => now.toISOString().slice(0, 10);

const expiryField = (today: string) =>
  z
    .string()
    .trim()
    .min(1, MESSAGES.required)
    .regex(CARD_EXPIRY_PATTERN, MESSAGES.invalidValue)
    .refine((v) => !isExpiryPast(v, today), MESSAGES.invalidValue);

const limitMoney = decimalField({ scale: 2, min: '0', max: DOCUMENT_MONEY_MAX });
/** Optional: empty means no limit; anything typed is money the server takes (2 places, not negative). */
const limitField = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    if (v === '') return;
    const checked = limitMoney.safeParse(v);
    if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? '' });
  });

/**
 * The dialog's rules, the server's own fields where they exist: the number is the shared
 * `cardNumberField` (Luhn, 'Invalid card number'), so the browser refuses what the server would.
 */
export function cardFormSchema(mode: 'create' | 'edit', today: string = utcToday()) {
  return z.object({
    bank: idField(),
    holder: requiredString(120),
    number: mode === 'create' ? cardNumberField() : z.string(),
    expiry: expiryField(today),
    limit: limitField,
  });
}
export type CardFormOutput = z.output<ReturnType<typeof cardFormSchema>>;

export const CARD_FORM_FIELDS = ['bank', 'holder', 'number', 'expiry', 'limit'] as const;

export function cardFormValues(card: Card | null): CardFormInput {
  return {
    bank: card?.bank.id ?? null,
    holder: card?.holder ?? '',
    number: '',
    expiry: card?.expiry ?? '',
    limit: card?.limit ?? '',
  };
}

export function createCardBody(values: CardFormOutput): CreateCardBody {
  return {
    bank: values.bank,
    holder: values.holder,
    number: values.number,
    expiry: values.expiry,
    ...(values.limit ? { limit: values.limit } : {}),
  };
}

/** An emptied limit is sent as null: the card then has none. */
export function updateCardBody(values: CardFormOutput, version: number): UpdateCardBody {
  return {
    bank: values.bank,
    holder: values.holder,
    expiry: values.expiry,
    limit: values.limit === '' ? null : values.limit,
    version,
  };
}

/** How a bank account is named in pickers: "Bank CCY (…1234)", as the directory names it. */
export function bankLabel(bank: Card['bank'], currency: string): string {
  return `${bank.bank_name} ${currency} (…${bank.account_number.slice(-4)})`;
}
