/**
 * Every product error code and the HTTP status it maps to. Adding a code without a status fails
 * the type-check, so the server's error handler can never meet an unmapped code.
 */
export const ERROR_STATUS = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  INVALID_CREDENTIALS: 400,
  ACCOUNT_INACTIVE: 400,
  INVALID_RESET_TOKEN: 400,
  WRONG_PASSWORD: 400,
  NOT_UNIQUE: 400,
  IN_USE: 400,
  /** An inverse exchange rate is derived from its pair; it cannot be written directly. */
  RATE_DERIVED: 400,
  /** A single rate is added to the newest set; before the first full set there is none. */
  NO_RATE_SET: 400,
  /** A blacklisted client cannot get a new request (DOMAIN.md). */
  CLIENT_BLACKLISTED: 400,
  /** Deleting a request that has a line confirmed or further: cancel it instead. */
  REQUEST_NOT_DELETABLE: 400,
  /** Canceling a request (or line) that is invoiced or accounted, or already canceled. */
  REQUEST_NOT_CANCELABLE: 400,
  /** Changing a line that is canceled, invoiced or accounted. */
  REQUEST_LINE_LOCKED: 400,
  /** A canceled request takes no more edits. */
  REQUEST_CANCELED: 400,
  /**
   * A status move the rules do not allow (the detail names both statuses and why): a request
   * line's (decision 0009) or a task's (the Control rule, `moveProblem` in modules/tasks).
   */
  ILLEGAL_STATUS_MOVE: 400,
  /** A line's deadline payments add up to more than its cost. */
  DEADLINES_OVER_COST: 400,
  /** Choosing, changing or deleting a hotel offer that already became a service line. */
  OFFER_ALREADY_CHOSEN: 400,
  /** Submitting to the LOG a request with no Confirmed or Invoiced line. */
  LOG_NOTHING_TO_SUBMIT: 400,
  /** Submitting a request whose LOG record is already NEW (waiting for accounting). */
  LOG_ALREADY_OPEN: 400,
  /** Confirming or sending back a LOG record that is not NEW. */
  LOG_NOT_OPEN: 400,
  // Accounting documents (decision 0010): each answers a sentence naming the line or document.
  /** A line in an invoice or bill body that does not exist. */
  LINE_NOT_FOUND: 400,
  LINE_OF_ANOTHER_CLIENT: 400,
  LINE_OF_ANOTHER_COMPANY: 400,
  LINE_OF_ANOTHER_SUPPLIER: 400,
  LINE_CANCELED: 400,
  /** Invoicing or billing a line that is not Confirmed yet. */
  LINE_NOT_CONFIRMED: 400,
  /** The line is Invoiced or Accounted, or already on a live invoice. */
  LINE_ALREADY_INVOICED: 400,
  LINE_ALREADY_BILLED: 400,
  /** The lines (or the body's currency) do not share one currency. */
  CURRENCY_MISMATCH: 400,
  /** An invoice total of zero or less. */
  INVALID_TOTAL: 400,
  /** A line whose account type has no VAT treatment. */
  UNKNOWN_VAT_TREATMENT: 400,
  /** The company has no Income bank account in the invoice currency: no payment details to print. */
  NO_INCOME_ACCOUNT: 400,
  /** Changing an issued invoice other than by a credit note. */
  INVOICE_IMMUTABLE: 400,
  /** Crediting a credit note. */
  INVOICE_IS_CREDIT_NOTE: 400,
  LINE_ALREADY_CREDITED: 400,
  LINE_NOT_ON_INVOICE: 400,
  /** Sending an invoice to a client with no email and no `to`. */
  CLIENT_WITHOUT_EMAIL: 400,
  /** The supplier already has a bill with this number. */
  BILL_DUPLICATE: 400,
  /** Editing a bill that payments have settled. */
  BILL_SETTLED: 400,
  /** An upload over its size limit. */
  FILE_TOO_LARGE: 400,
  /** An upload whose content is not an accepted type (checked by content, not by name). */
  UNSUPPORTED_FILE: 400,
  /** A message the office's SMTP server refused or could not take (its words in the detail). */
  MAIL_SEND_FAILED: 400,
  /** Changing or removing a deadline whose payment voucher is approved or paid. */
  VOUCHER_APPROVED: 400,
  /** Setting a voucher Paid by hand: only matching pays it. */
  VOUCHER_PAID_BY_MATCHING: 400,
  /** Revoking a voucher that is paid. */
  VOUCHER_PAID: 400,
  // Bank transactions and matching (decision 0011): each answers a sentence with the amounts.
  /** Allocating more than is open on the transaction or the document. */
  OVER_ALLOCATION: 400,
  /** Changing the amount, date, type or account of a matched line, or deleting it: unmatch first. */
  TRANSACTION_ALLOCATED: 400,
  /** A transfer leg entered by hand, or matched to a document. */
  TRANSACTION_IS_TRANSFER: 400,
  /** A line in a currency its bank account does not hold. */
  BANK_CURRENCY_MISMATCH: 400,
  /** A way that does not go with the type, or a card on a line that is not a SPEND. */
  TRANSACTION_INVALID: 400,
  /** An invoice of another client, a bill of another supplier than the transaction's counterparty. */
  ALLOCATION_OTHER_COUNTERPARTY: 400,
  /** Money in settling a bill, money out settling a client invoice, or a credit note. */
  ALLOCATION_WRONG_DIRECTION: 400,
  /** Across currencies without the document amount, or a conversion without its rate. */
  RATE_REQUIRED: 400,
  /** A statement with no date column, or whose mapping names a column the file lacks. */
  STATEMENT_WITHOUT_DATE: 400,
  STATEMENT_INVALID: 400,
  /** Anything dated in a closed month, or closing a month again. */
  PERIOD_LOCKED: 400,
  PERIOD_NOT_LOCKED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  XSRF_MISMATCH: 403,
  NOT_FOUND: 404,
  STALE_VERSION: 409,
  /** Deleting a folder that holds files, without confirm=true: the answer says how many. */
  FOLDER_NOT_EMPTY: 409,
  /** A Xero sync of another kind is queued or running: one run at a time (decision 0015). */
  XERO_SYNC_BUSY: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  TOO_MANY_ATTEMPTS: 429,
  INTERNAL: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
