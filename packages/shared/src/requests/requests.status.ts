import type { AccountStatus } from '../value-lists.ts';

/**
 * The status of a request, derived from its service lines and never stored by hand: a request
 * is as far along as its least advanced live line (a canceled line no longer counts).
 */
export const REQUEST_STATUSES = [
  'New',
  'In progress',
  'Confirmed',
  'Invoiced',
  'Accounted',
  'Canceled',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/**
 * The statuses a person may set on a line (`POST requests/{id}/lines/{lineId}/status/`; null undoes
 * a confirmation). Invoiced is set by an Accountant or Admin until invoicing sets it itself;
 * Accounted comes only from the LOG.
 */
/** Invoiced is not among them: only issuing an invoice makes a line Invoiced (decision 0010). */
export const LINE_STATUS_CHANGES = ['Confirmed', 'Canceled'] as const;
export type LineStatusChange = (typeof LINE_STATUS_CHANGES)[number];

/** The moves of decision 0009: from a line's status (null = not yet confirmed) to the next. */
export const LINE_STATUS_MOVES: Readonly<Record<string, ReadonlyArray<LineStatusChange | null>>> = {
  none: ['Confirmed', 'Canceled'],
  Confirmed: [null, 'Canceled'],
  Invoiced: [],
  Accounted: [],
  Canceled: [],
};

/** Whether a line may move from `from` to `to` (decision 0009). */
export function isLegalLineMove(from: AccountStatus | null, to: LineStatusChange | null): boolean {
  return (LINE_STATUS_MOVES[from ?? 'none'] ?? []).includes(to);
}

/**
 * - no lines, or no live line has a status yet: New
 * - every line canceled: Canceled
 * - some live lines have a status, others not yet: In progress
 * - otherwise the least advanced of Confirmed, Invoiced, Accounted.
 * Stored in `requests.status` by the server whenever a line changes (the list filters on it).
 */
export function deriveRequestStatus(lines: ReadonlyArray<{ status: AccountStatus | null }>): RequestStatus {
  if (lines.length === 0) return 'New';
  const live = lines.filter((l) => l.status !== 'Canceled');
  if (live.length === 0) return 'Canceled';
  if (live.every((l) => l.status === null)) return 'New';
  if (live.some((l) => l.status === null)) return 'In progress';
  if (live.some((l) => l.status === 'Confirmed')) return 'Confirmed';
  if (live.some((l) => l.status === 'Invoiced')) return 'Invoiced';
  return 'Accounted';
}

/** A request for operational work (FO/BO), or an accounting request (Admin/Accountant; DOMAIN.md). */
export const REQUEST_KINDS = ['service', 'accounting'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
