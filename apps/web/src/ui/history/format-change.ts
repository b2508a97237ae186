import { formatDisplayDate } from '@app/shared';
import { formatDateTime } from '../../lib/format/format-date.ts';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A recorded value as a person reads it: dates DD/MM/YYYY, references by name, empty as a dash. */
export function formatAuditValue(value: unknown, labelOf?: (value: string) => string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (ISO_DAY.test(value)) return formatDisplayDate(value);
    if (ISO_INSTANT.test(value)) return formatDateTime(value);
    return labelOf ? labelOf(value) : value;
  }
  if (Array.isArray(value)) {
    return value.length === 0 ? '—' : value.map((item) => formatAuditValue(item, labelOf)).join(', ');
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of ['named', 'name', 'title', 'code', 'number']) {
      if (typeof record[key] === 'string') return record[key] as string;
    }
    return JSON.stringify(value);
  }
  return String(value);
}
