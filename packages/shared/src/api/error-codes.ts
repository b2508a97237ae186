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
  /** A line status move that decision 0009 does not allow (the detail names both statuses). */
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
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  XSRF_MISMATCH: 403,
  NOT_FOUND: 404,
  STALE_VERSION: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  TOO_MANY_ATTEMPTS: 429,
  INTERNAL: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;
