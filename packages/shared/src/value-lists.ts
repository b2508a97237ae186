/**
 * The enumerations of spec section 3 ("Enumerations"). Lists whose value and label coincide are
 * plain `as const` arrays; the others are `{ value, label }` options. Each has its value type.
 */

export interface ValueOption<V extends string = string> {
  readonly value: V;
  readonly label: string;
}

/** `{ value, label }` options for a plain list, for selects that want one shape. */
export const toOptions = <V extends string>(values: readonly V[]): ValueOption<V>[] =>
  values.map((value) => ({ value, label: value }));

/** The label of a value, or the value itself when the list does not know it. */
export const labelOf = <V extends string>(options: readonly ValueOption<V>[], value: string): string =>
  options.find((o) => o.value === value)?.label ?? value;

type ValueOf<T extends readonly { value: string }[]> = T[number]['value'];

export const FLIGHT_CLASSES = ['Economy', 'Business', 'First'] as const;
export type FlightClass = (typeof FLIGHT_CLASSES)[number];

export const TASK_PRIORITIES = ['Normal', 'Urgent'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export const TASK_STATUSES = ['Not started', 'In progress', 'Control', 'Completed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const CANCELLATION_POLICIES = ['Flexible', 'Non refundable', 'Both'] as const;
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];

export const OFFER_FORMS = ['Text', 'Presentation'] as const;
export type OfferForm = (typeof OFFER_FORMS)[number];

export const ROOM_MEALS = ['Room only', 'Bed and breakfast', 'Half board & others'] as const;
export type RoomMeal = (typeof ROOM_MEALS)[number];

export const ROOM_TYPES = [
  'Standard',
  'Deluxe',
  'Junior suite',
  'One bedroom suite and higher',
  'All possible',
] as const;
export type RoomType = (typeof ROOM_TYPES)[number];

export const MEMBERSHIPS = [
  { value: 'the_one', label: 'The One' },
  { value: 'trial', label: 'Trial Period' },
  { value: 'invitation', label: 'Invitation' },
  { value: 'unsubscribed', label: 'Unsubscribed' },
  { value: 'dubai_visa_service', label: 'Dubai visa service' },
] as const;
export type Membership = ValueOf<typeof MEMBERSHIPS>;

export const GENDERS = ['Male', 'Female'] as const;
export type Gender = (typeof GENDERS)[number];

export const SERVICE_TYPES = ['Hotel', 'Transportation', 'Air tickets', 'Private jet', 'Other'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];
/** The extra service type used by accounting (spec: "plus an Accounting service type"). */
export const ACCOUNTING_SERVICE_TYPE = 'Accounting' as const;
export const ALL_SERVICE_TYPES = [...SERVICE_TYPES, ACCOUNTING_SERVICE_TYPE] as const;
export type AnyServiceType = (typeof ALL_SERVICE_TYPES)[number];

export const DEADLINE_PAYMENT_TYPES = ['Prepayment', 'Part payment', 'Final payment'] as const;
export type DeadlinePaymentType = (typeof DEADLINE_PAYMENT_TYPES)[number];

export const LANGUAGES = [
  { value: 'RU', label: 'Russian' },
  { value: 'EN', label: 'English' },
  { value: 'CN', label: 'Chinese' },
] as const;
export type Language = ValueOf<typeof LANGUAGES>;

export const SHORT_TRANSACTION_TYPES = [
  { value: 'receive', label: 'Receive' },
  { value: 'spend', label: 'Spend' },
] as const;
export type ShortTransactionType = ValueOf<typeof SHORT_TRANSACTION_TYPES>;

export const TRANSACTION_TYPES = [
  'RECEIVE',
  'SPEND',
  'RECEIVE-OVERPAYMENT',
  'RECEIVE-PREPAYMENT',
  'RECEIVE-TRANSFER',
  'SPEND-OVERPAYMENT',
  'SPEND-PREPAYMENT',
  'SPEND-TRANSFER',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const TRANSACTION_MATCH_STATUSES = [
  { value: 'matched', label: 'Matched' },
  { value: 'unmatched', label: 'Unmatched' },
] as const;
export type TransactionMatchStatus = ValueOf<typeof TRANSACTION_MATCH_STATUSES>;

export const TRANSACTION_WAYS = [
  { value: 'pay', label: 'Pay' },
  { value: 'transfer', label: 'Transfer' },
  { value: 'conversion', label: 'Conversion' },
  { value: 'reduce', label: 'Reduce' },
  { value: 'top_up', label: 'Top-Up' },
] as const;
export type TransactionWay = ValueOf<typeof TRANSACTION_WAYS>;

export const BALANCE_OPTIONS = [
  { value: 'reduce', label: 'Reduce balance' },
  { value: 'top-up', label: 'Increase balance' },
] as const;
export type BalanceOption = ValueOf<typeof BALANCE_OPTIONS>;

export const CURRENCIES = ['USD', 'EUR', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const PAYMENT_STATUSES = ['Unpaid', 'Paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const CLIENT_PAYMENT_STATUSES = ['Sent', 'Not sent', 'Unpaid', 'Partial', 'Paid'] as const;
export type ClientPaymentStatus = (typeof CLIENT_PAYMENT_STATUSES)[number];

export const PAYMENT_VOUCHER_STATUSES = ['Inactive', 'Active', 'Paid'] as const;
export type PaymentVoucherStatus = (typeof PAYMENT_VOUCHER_STATUSES)[number];

export const LOG_REQUEST_STATUSES = ['NEW', 'SENT FOR CORRECTION', 'CONFIRM'] as const;
export type LogRequestStatus = (typeof LOG_REQUEST_STATUSES)[number];

export const ACCOUNT_STATUSES = ['Confirmed', 'Invoiced', 'Accounted', 'Canceled'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const GROUP_INVOICE_AVAILABILITY = ['All', 'Has invoice', 'No invoice'] as const;
export type GroupInvoiceAvailability = (typeof GROUP_INVOICE_AVAILABILITY)[number];

export const BANK_TYPES = ['Income', 'Outcome'] as const;
export type BankType = (typeof BANK_TYPES)[number];

export const PAYMENT_METHODS = ['Deposit', 'Stripe', 'Wire', 'Cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const RATINGS = ['Basic', 'Test period', 'Strategic', 'Blacklisted'] as const;
export type Rating = (typeof RATINGS)[number];

export const ACCOUNT_TYPES = ['Toms EU', 'Toms non EU', 'Disbursement'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const REQUEST_COMPANIES = ['BSLF', 'TPRO', 'AIRS'] as const;
export type RequestCompany = (typeof REQUEST_COMPANIES)[number];

export const SERVICE_SUBTYPES = [
  'Yacht Charter',
  'Airport VIP Lounge',
  'Guide',
  'Travel (tickets)',
  'Meet & greet Vip ARIVAL',
  'Food & drinks expenses',
  'Tickets for events',
  'Visa packages',
  'Translations',
  'Courier services',
  'Direct goods for clients',
  'COVID tests',
  'Medical services & appointment',
  'Services on the name of the client (insurance)',
  'Air tickets amendments',
  'Commission',
  'Train cruise',
  'Cruise',
  'Railway ticket',
  'Flowers',
  'Extras',
] as const;
export type ServiceSubtype = (typeof SERVICE_SUBTYPES)[number];

/** Hours 00 to 23, two digits. */
export const HOURS: readonly string[] = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));
/** Minutes in steps of 5: 00, 05 ... 55. */
export const MINUTES: readonly string[] = Array.from({ length: 12 }, (_, i) =>
  String(i * 5).padStart(2, '0'),
);
