import { z } from 'zod';

/** The Accountant's landing page (decision 0011, "Workspace"): each count opens its filtered list. */
export const WORKSPACE_COUNTS = [
  'unmatched_transactions',
  'invoices_to_issue',
  'overdue_invoices',
  'vouchers_due',
  'log_waiting',
] as const;
export type WorkspaceCountKey = (typeof WORKSPACE_COUNTS)[number];

export const WORKSPACE_COUNT_LABELS: Record<WorkspaceCountKey, string> = {
  unmatched_transactions: 'Unmatched transactions',
  invoices_to_issue: 'Requests to invoice',
  overdue_invoices: 'Overdue client invoices',
  vouchers_due: 'Vouchers due this week',
  log_waiting: 'LOG requests waiting',
};

/** The newest rate set older than this many days raises the stale-rate warning. */
export const STALE_RATE_DAYS = 7;

/** `GET accounting/workspace/`: all counts in one round trip. */
export const WorkspaceSchema = z.object({
  counts: z.array(
    z.object({
      key: z.enum(WORKSPACE_COUNTS),
      label: z.string(),
      count: z.number().int(),
      /** The web path (with its query) of the list this count opens. */
      href: z.string(),
    }),
  ),
  rates: z.object({
    newest_set_at: z.string().nullable(),
    /** Whole days since the newest set (null without any). */
    age_days: z.number().int().nullable(),
    stale: z.boolean(),
    href: z.string(),
  }),
});
export type Workspace = z.infer<typeof WorkspaceSchema>;
