import { useState } from 'react';
import { formatMoney } from '../../../../lib/format/format-money.ts';
import { RecordHistory } from '../../../../ui/history/record-history.tsx';
import { TRANSACTION_AUDIT_PAGE, useTransactionAudit } from '../../api/transactions/get-transaction-audit.ts';
import { transactionTypeLabel, transactionWayLabel } from '../common/transaction-cells.tsx';

/** What each recorded action of a bank line means. */
const ACTIONS = {
  create: { label: 'Entered', color: 'green' },
  import: { label: 'Imported', color: 'teal' },
  update: { label: 'Changed', color: 'blue' },
  delete: { label: 'Deleted', color: 'red' },
  allocate: { label: 'Matched', color: 'teal' },
  unallocate: { label: 'Unmatched', color: 'orange' },
};

const FIELD_LABELS: Record<string, string> = {
  bank_id: 'Bank account',
  bank: 'Bank account',
  type: 'Type',
  way: 'Way',
  date: 'Date',
  amount: 'Amount',
  currency: 'Currency',
  counterparty_kind: 'Counterparty kind',
  counterparty_id: 'Counterparty',
  counterparty: 'Counterparty',
  reference: 'Reference',
  card_id: 'Bank card',
  card: 'Bank card',
  rate: 'Rate',
  allocated_amount: 'Allocated',
};
// derived or internal: the drawer shows them by name already
const HIDDEN = ['reference_words', 'dedupe_key', 'search_vector', 'pair_id', 'import_id', 'match_status'];

const MONEY_FIELDS = new Set(['amount', 'allocated_amount']);
const VALUE_LABELS = {
  type: transactionTypeLabel,
  way: (way: string) => transactionWayLabel(way),
};

/** Who entered, imported, matched or changed the line, and when; newest first. */
export function TransactionHistory({ transactionId }: { transactionId: number }) {
  const [limit, setLimit] = useState(TRANSACTION_AUDIT_PAGE);
  const audit = useTransactionAudit(transactionId, limit);
  return (
    <RecordHistory
      audit={audit}
      onShowMore={() => setLimit((n) => n + TRANSACTION_AUDIT_PAGE)}
      actions={ACTIONS}
      fieldLabels={FIELD_LABELS}
      valueLabels={VALUE_LABELS}
      hidden={HIDDEN}
      formatValue={(field, value) =>
        MONEY_FIELDS.has(field) && typeof value === 'string' ? formatMoney(value) : undefined
      }
      foldedActions={['create', 'import']}
    />
  );
}
