import { useState } from 'react';
import { formatMoney } from '../../../../lib/format/format-money.ts';
import { RecordHistory } from '../../../../ui/history/record-history.tsx';
import { useBillAudit } from '../../api/bills/get-bill-audit.ts';
import { formatFileSize } from './bill-file.ts';

const PAGE = 20;

/** The recorded fields a person reads, in the order of the bill's page; ids and hashes are left out. */
const LABELS: Record<string, string> = {
  number: 'Number',
  issue_date: 'Issue date',
  due_date: 'Due date',
  currency: 'Currency',
  amount: 'Amount',
  lines_cost: "Lines' cost",
  lines: 'Lines',
  difference_explanation: 'Explanation',
  internal_note: 'Internal note',
  rate: 'Rate',
  amount_base: 'Amount in base currency',
  file_name: 'File',
  file_size: 'File size',
};

const ACTIONS = { create: { label: 'Recorded', color: 'green' } };
const MONEY = new Set(['amount', 'lines_cost', 'amount_base']);

/** Lines by their count, the file by its size, amounts grouped; the rest the usual way. */
function show(field: string, value: unknown): string | undefined {
  if (field === 'lines' && Array.isArray(value))
    return `${value.length} line${value.length === 1 ? '' : 's'}`;
  if (field === 'file_size' && typeof value === 'number') return formatFileSize(value);
  if (MONEY.has(field) && typeof value === 'string') return formatMoney(value);
  return undefined;
}

/** Who recorded the bill, who changed what (a replaced file by its name and size) and when, newest first. */
export function BillHistory({ billId }: { billId: number }) {
  const [limit, setLimit] = useState(PAGE);
  const audit = useBillAudit(billId, limit);
  return (
    <RecordHistory
      audit={audit}
      onShowMore={() => setLimit((n) => n + PAGE)}
      actions={ACTIONS}
      fieldLabels={LABELS}
      onlyLabelled
      formatValue={show}
      foldedActions={[]}
      // a creation lists every value it set: the bill's page shows them already
      quietActions={['create']}
      showBefore="always"
    />
  );
}
