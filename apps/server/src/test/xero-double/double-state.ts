import { randomUUID } from 'node:crypto';

/** A Xero organisation the double's user can connect (`GET /connections` lists it once connected). */
export interface DoubleTenant {
  tenantId: string;
  tenantName: string;
  tenantType: 'ORGANISATION';
}

export interface DoubleConnection {
  id: string;
  tenantId: string;
  /** The refresh-token family this connection came from: revoking it removes the connection. */
  grantId: string;
  createdDateUtc: string;
}

export interface DoubleAuthCode {
  grantId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  expiresAt: number;
}

export interface DoubleAccessToken {
  grantId: string;
  expiresAt: number;
}

export interface DoubleRefreshToken {
  grantId: string;
  /** Set once the token was used: Xero rotates, and refuses a used refresh token. */
  usedAt: number | null;
}

/** A contact as Xero's Accounting API shapes it (the fields this product uses). */
export type DoubleContact = Record<string, unknown> & { ContactID: string; UpdatedDateUTC: string };
/** An invoice (ACCREC or ACCPAY) as Xero shapes it. */
export type DoubleInvoice = Record<string, unknown> & { InvoiceID: string; UpdatedDateUTC: string };
export type DoublePayment = Record<string, unknown> & { PaymentID: string; UpdatedDateUTC: string };

/** One call the double answered, for tests that check what the client did (limits, headers). */
export interface DoubleCall {
  method: string;
  path: string;
  tenantId: string | null;
  status: number;
  startedAt: number;
  endedAt: number;
}

/**
 * Everything the double remembers, in memory. Tests read and change it directly: expire a token
 * (`clock`), queue 429s (`faults`), edit a contact "in Xero".
 */
export interface XeroDoubleState {
  clientId: string;
  clientSecret: string;
  /** Seconds an access token lives (Xero: 1800). */
  accessTokenSeconds: number;
  /** The double's clock in ms: tests move it (`state.clock.offsetMs += ...`) to expire tokens. */
  clock: { offsetMs: number; now(): number };
  tenants: DoubleTenant[];
  connections: DoubleConnection[];
  codes: Map<string, DoubleAuthCode>;
  accessTokens: Map<string, DoubleAccessToken>;
  refreshTokens: Map<string, DoubleRefreshToken>;
  /** Per tenant id. */
  contacts: Map<string, Map<string, DoubleContact>>;
  invoices: Map<string, Map<string, DoubleInvoice>>;
  payments: Map<string, Map<string, DoublePayment>>;
  /** The chart of accounts per tenant (`Code`, `Name`, `Type`: REVENUE, EXPENSE, DIRECTCOSTS, BANK, ...). */
  accounts: Map<string, Array<{ Code: string; Name: string; Type: string }>>;
  calls: DoubleCall[];
  limits: {
    /** Calls a minute per tenant (Xero: 60). */
    perMinute: number;
    /** Calls in flight per tenant (Xero: 5). */
    concurrent: number;
  };
  faults: {
    /** The next N accounting calls answer 429 with `Retry-After: retryAfterSeconds`. */
    rateLimitNext: number;
    retryAfterSeconds: number;
    /** Milliseconds each accounting call takes (lets tests see concurrency). */
    latencyMs: number;
  };
  /** Calls in flight per tenant, now. */
  inFlight: Map<string, number>;
  /** The most calls ever in flight at once for one tenant (what the 5-at-once limit is checked against). */
  maxInFlight: number;
}

export function createDoubleState(options: {
  clientId: string;
  clientSecret: string;
  accessTokenSeconds?: number;
  tenantName?: string;
}): XeroDoubleState {
  const clock = {
    offsetMs: 0,
    now() {
      return Date.now() + this.offsetMs;
    },
  };
  const tenant: DoubleTenant = {
    tenantId: randomUUID(),
    tenantName: options.tenantName ?? 'Demo Company (UK)',
    tenantType: 'ORGANISATION',
  };
  return {
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    accessTokenSeconds: options.accessTokenSeconds ?? 1800,
    clock,
    tenants: [tenant],
    connections: [],
    codes: new Map(),
    accessTokens: new Map(),
    refreshTokens: new Map(),
    contacts: new Map([[tenant.tenantId, new Map()]]),
    invoices: new Map([[tenant.tenantId, new Map()]]),
    payments: new Map([[tenant.tenantId, new Map()]]),
    // The accounts of Xero's UK demo company that this product's defaults use.
    accounts: new Map([
      [
        tenant.tenantId,
        [
          { Code: '090', Name: 'Business Bank Account', Type: 'BANK' },
          { Code: '091', Name: 'Business Savings Account', Type: 'BANK' },
          { Code: '200', Name: 'Sales', Type: 'REVENUE' },
          { Code: '260', Name: 'Other Revenue', Type: 'REVENUE' },
          { Code: '300', Name: 'Purchases', Type: 'DIRECTCOSTS' },
          { Code: '310', Name: 'Cost of Goods Sold', Type: 'DIRECTCOSTS' },
          { Code: '429', Name: 'General Expenses', Type: 'EXPENSE' },
        ],
      ],
    ]),
    calls: [],
    limits: { perMinute: 60, concurrent: 5 },
    faults: { rateLimitNext: 0, retryAfterSeconds: 1, latencyMs: 0 },
    inFlight: new Map(),
    maxInFlight: 0,
  };
}

/** Xero's date shape in JSON bodies: `/Date(1700000000000+0000)/`. */
export const xeroDate = (ms: number) => `/Date(${ms}+0000)/`;
