import {
  DOCUMENT_KIND_LABELS,
  REGISTER_EXPORT_MAX_ROWS,
  type RegisterExportQuery,
  type RegisterRow,
} from '@app/shared';
import { type Cell, type ExportTable, idPages } from '../../platform/export-writers.ts';
import type { RegisterService } from './register.service.ts';

const PAGE = 1000;

const HEADERS = [
  'Kind',
  'Number',
  'Company',
  'Counterparty',
  'Requests',
  'Issue date',
  'Due date',
  'Currency',
  'Total',
  'Settled',
  'Open',
  'Payment status',
  'Sent',
  'Overdue',
];

const sentLabel = (sent: boolean | null) => (sent === null ? null : sent ? 'Sent' : 'Not sent');

const cells = (r: RegisterRow): Cell[] => [
  DOCUMENT_KIND_LABELS[r.kind],
  r.number,
  r.company.code,
  r.counterparty.name,
  r.request_numbers,
  r.issue_date,
  r.due_date,
  r.currency,
  r.total,
  r.settled_amount,
  r.open_amount,
  r.payment_status,
  sentLabel(r.sent),
  r.overdue ? 'Yes' : 'No',
];

/**
 * `GET invoices-and-bills/export/`: the filtered register in list order, at most
 * REGISTER_EXPORT_MAX_ROWS rows, read by pages of ids. Amounts stay the stored decimal strings.
 */
export function registerExportTable(register: RegisterService, q: RegisterExportQuery): ExportTable {
  const { format: _format, ...filter } = q;
  return {
    name: 'Invoices & Bills',
    headers: HEADERS,
    pages: (async function* () {
      const { ids, load } = await register.matches(filter, REGISTER_EXPORT_MAX_ROWS);
      yield* idPages(ids, PAGE, load, cells);
    })(),
  };
}
