import { REQUEST_EXPORT_MAX_ROWS, type RequestExportQuery, type RequestListItem } from '@app/shared';
import { type Cell, type ExportTable, offsetPages } from '../../platform/export-writers.ts';
import type { RequestsService } from './requests.service.ts';

const HEADERS = [
  'Number',
  'Kind',
  'Company',
  'Client',
  'FO manager',
  'BO manager',
  'Office',
  'Status',
  'Date from',
  'Date to',
  'Services',
  'Suppliers',
  'Currency',
  'Sell total',
  'Margin',
  'Invoice',
  'Lines',
  'Created at',
];

const cells = (r: RequestListItem): Cell[] => [
  r.number,
  r.kind,
  r.company.code,
  r.client.name,
  r.fo_manager?.name ?? null,
  r.bo_manager?.name ?? null,
  r.office.title,
  r.status,
  r.date_from,
  r.date_to,
  r.service_types.join(', '),
  r.supplier_names,
  r.base_currency,
  r.sell_total,
  r.margin,
  r.has_invoice ? 'Yes' : 'No',
  r.lines_count,
  r.created_at,
];

/** `GET requests/export/`: the filtered list in list order, page by page, at most REQUEST_EXPORT_MAX_ROWS rows. */
export function requestsExportTable(requests: RequestsService, q: RequestExportQuery): ExportTable {
  const { format: _format, ...filter } = q;
  return {
    name: 'Requests',
    headers: HEADERS,
    pages: offsetPages(
      async (offset, limit) =>
        offset >= REQUEST_EXPORT_MAX_ROWS
          ? []
          : (
              await requests.list({
                ...filter,
                offset,
                limit: Math.min(limit, REQUEST_EXPORT_MAX_ROWS - offset),
              })
            ).data,
      cells,
    ),
  };
}
