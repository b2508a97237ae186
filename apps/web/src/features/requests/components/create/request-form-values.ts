import { REQUEST_MESSAGES } from '@app/shared/requests/requests.messages';
import {
  type CreateRequestBody,
  CreateRequestBodySchema,
  type CreateRequestLineBody,
  CreateRequestLineBodySchema,
} from '@app/shared/requests/requests.schemas';
import type { RequestKind } from '@app/shared/requests/requests.status';
import { MESSAGES } from '@app/shared/validation/messages';
import { z } from 'zod';
import { type LineValues, lineIssues, newLine, otherTypesCleared } from '../line-fields/line-values.ts';

export interface RequestFormValues {
  company_id: number | null;
  client_id: number | null;
  fo_manager_id: number | null;
  bo_manager_id: number | null;
  region_id: number | null;
  description: string;
  lines: LineValues[];
}

/** What a signed-in person's new request starts with: their office, and themselves as its FO or BO. */
export interface RequestPreset {
  user: { id: number; role: string; region: { id: number; ccy: string } | null };
}

export function initialRequestValues(kind: RequestKind, { user }: RequestPreset): RequestFormValues {
  return {
    company_id: null,
    client_id: null,
    fo_manager_id: kind === 'service' && user.role === 'FO' ? user.id : null,
    bo_manager_id: kind === 'service' && user.role === 'BO' ? user.id : null,
    region_id: user.region?.id ?? null,
    description: '',
    lines: [newLine(kind, user.region?.ccy ?? null)],
  };
}

/**
 * The form's schema: the contract's body with its lines always present. A service request may
 * start without lines (BO collects hotel offers first; the chosen one becomes a line); an
 * accounting request is its charge, so it needs one (`crossFieldErrors`).
 */
export const RequestFormSchema = z.object({
  ...CreateRequestBodySchema.shape,
  lines: z.array(CreateRequestLineBodySchema),
});

export type RequestFormOutput = z.infer<typeof RequestFormSchema>;

/**
 * What the server checks beyond the schema and the form can tell at once, checked on the values
 * as typed so the messages show with the schema's (a zod refinement waits for every field to
 * parse): a supplier on every line but an Accounting one, and an FO manager on a service request.
 */
export function crossFieldErrors(kind: RequestKind, values: RequestFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (kind === 'service' && !values.fo_manager_id) errors.fo_manager_id = MESSAGES.required;
  if (kind === 'accounting' && values.lines.length === 0) errors.lines = MESSAGES.required;
  values.lines.forEach((line, i) => {
    for (const [field, message] of Object.entries(lineIssues(line))) errors[`lines.${i}.${field}`] = message;
  });
  return errors;
}

/** The fields a line always sends; the others only when they hold something. */
const ALWAYS = new Set([
  'service_type',
  'account_type',
  'cost',
  'cost_currency',
  'sell',
  'sell_currency',
  'payment_method',
]);

/**
 * The line as `POST requests/` takes it: fields of other service types dropped (a Hotel turned
 * Transfer keeps no room type), empty optional fields left out, money as the exact decimal text.
 */
export function lineBody(line: CreateRequestLineBody): CreateRequestLineBody {
  const entries = Object.entries(otherTypesCleared(line)).filter(
    ([key, value]) => ALWAYS.has(key) || (value !== null && value !== undefined && value !== ''),
  );
  return Object.fromEntries(entries) as CreateRequestLineBody;
}

/** The checked form as the body of `POST requests/`. */
export function createBody(kind: RequestKind, values: RequestFormOutput): CreateRequestBody {
  const body: CreateRequestBody = {
    kind,
    company_id: values.company_id,
    client_id: values.client_id,
    region_id: values.region_id,
    lines: values.lines.map(lineBody),
  };
  if (values.fo_manager_id) body.fo_manager_id = values.fo_manager_id;
  if (values.bo_manager_id) body.bo_manager_id = values.bo_manager_id;
  if (values.description) body.description = values.description;
  return body;
}

/** The message shown (and the save refused) when the chosen client is blacklisted. */
export const BLACKLISTED_CLIENT = REQUEST_MESSAGES.clientBlacklisted;
