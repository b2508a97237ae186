import { MESSAGES } from '../validation/messages.ts';

/** Product messages of spec section 8 that belong to rates. */
export const RATES_MESSAGES = {
  fetchError: 'Error fetching data',
  fillRequired: 'Fill all required fields',
  rateNotFound: 'Rate not found for this currencies',
  required: MESSAGES.required,
  /** A pair whose buy is below its sell would let a round trip gain money. */
  buyBelowSell: 'Buy must be at least sell',
  /** POST /exchange-rates/ changes one pair of the newest set, so a set must exist first. */
  noRateSet: 'Enter a full set of rates first',
} as const;

/** The staleness rule of spec section 4: rates older than this need an update. */
export const RATES_STALE_AFTER_DAYS = 15;
