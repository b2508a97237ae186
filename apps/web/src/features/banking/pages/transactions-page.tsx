import type { Transaction } from '@app/shared/banking/transactions.schemas';
import { Button, Group, Text } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDate } from '../../../lib/format/format-date.ts';
import { formatMoney } from '../../../lib/format/format-money.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog/confirm-dialog.tsx';
import { ListPage } from '../../../ui/list/list-page.tsx';
import { useListState } from '../../../ui/list/use-list-state.ts';
import { toast } from '../../../ui/toasts/toast-store.ts';
import { useDeleteTransaction } from '../api/transactions/delete-transaction.ts';
import { useTransactions } from '../api/transactions/list-transactions.ts';
import { signedAmount } from '../components/common/transaction-cells.tsx';
import { StatementImportWizard } from '../components/statement-import/statement-import-wizard.tsx';
import { transactionColumns } from '../components/transactions/transaction-columns.tsx';
import { TransactionDialog } from '../components/transactions/transaction-dialog.tsx';
import { TransactionDrawer } from '../components/transactions/transaction-drawer.tsx';
import { TransactionFilterBar } from '../components/transactions/transaction-filter-bar.tsx';
import {
  TRANSACTIONS_LIST,
  TRANSACTIONS_PATH,
  transactionsQuery,
} from '../components/transactions/transactions-filters.ts';
import { TransferDialog } from '../components/transfers/transfer-dialog.tsx';

/** What is open over the list: one dialog at a time. */
type Dialog =
  | { kind: 'new' }
  | { kind: 'edit'; transaction: Transaction }
  | { kind: 'transfer' }
  | { kind: 'import' }
  | null;

/**
 * /accounting/transactions: the bank lines, entered by hand, as transfers or imported from a
 * statement; filtered, sorted and paged on the server with the filters in the URL
 * (`?match_status=unmatched` is the workspace's link, `?import=<id>` an import's lines). A row
 * opens its drawer: details, allocations, Match, Edit, Delete and its history.
 */
export function TransactionsPage() {
  const navigate = useNavigate();
  const list = useListState(TRANSACTIONS_LIST);
  const query = useMemo(() => transactionsQuery(list.state), [list.state]);
  const transactions = useTransactions(query);
  const [open, setOpen] = useState<Transaction | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleting, setDeleting] = useState<Transaction | null>(null);
  const remove = useDeleteTransaction();

  const columns = useMemo(
    () =>
      transactionColumns({
        onOpen: setOpen,
        onEdit: (transaction) => setDialog({ kind: 'edit', transaction }),
        onDelete: setDeleting,
      }),
    [],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    const gone = deleting;
    try {
      await remove.mutateAsync(gone.id);
      toast.success(gone.pair ? 'Transfer deleted: both legs.' : `Transaction ${gone.id} deleted.`);
      if (open?.id === gone.id || open?.id === gone.pair?.id) setOpen(null);
    } catch {
      // the refusal (matched, closed month) was toasted with its code by the HTTP layer
    }
    setDeleting(null);
  };

  return (
    <ListPage<Transaction>
      title="Transactions"
      list={list}
      result={transactions}
      columns={columns}
      search={{ placeholder: 'Reference, counterparty, amount', width: 250 }}
      filters={<TransactionFilterBar list={list} />}
      actions={
        <Group gap="sm">
          <Button variant="default" onClick={() => setDialog({ kind: 'import' })}>
            Import statement
          </Button>
          <Button variant="default" onClick={() => setDialog({ kind: 'transfer' })}>
            New transfer
          </Button>
          <Button onClick={() => setDialog({ kind: 'new' })}>New transaction</Button>
        </Group>
      }
      emptyText={
        list.filtered
          ? 'No transactions match these filters.'
          : 'No bank transactions yet. Enter one, or import a bank statement.'
      }
      loadingText="Loading transactions…"
      onRowClick={setOpen}
      rowProps={(row) => ({ 'data-match-status': row.match_status })}
      minWidth={1240}
    >
      <TransactionDrawer
        transaction={open}
        covered={dialog !== null || deleting !== null}
        onClose={() => setOpen(null)}
        onEdit={(transaction) => setDialog({ kind: 'edit', transaction })}
        onDelete={setDeleting}
      />
      <TransactionDialog
        opened={dialog?.kind === 'new' || dialog?.kind === 'edit'}
        transaction={dialog?.kind === 'edit' ? dialog.transaction : null}
        onClose={() => setDialog(null)}
      />
      <TransferDialog opened={dialog?.kind === 'transfer'} onClose={() => setDialog(null)} />
      <StatementImportWizard
        opened={dialog?.kind === 'import'}
        onClose={() => setDialog(null)}
        onShowLines={(importId) => {
          setDialog(null);
          // the import's lines alone: no other filter or search
          void navigate(`${TRANSACTIONS_PATH}?import=${importId}`);
        }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={deleting?.pair ? 'Delete this transfer?' : 'Delete this transaction?'}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {deleting ? deleteQuestion(deleting) : null}
      </ConfirmDialog>
    </ListPage>
  );
}

/** The line in words; amounts kept on one line. */
function deleteQuestion(t: Transaction): ReactNode {
  const money = (amount: string, currency: string) => (
    <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(amount, currency)}</span>
  );
  return (
    <Text>
      {money(signedAmount(t.amount, t.type), t.currency)} on {t.bank.named}, {formatDate(t.date)}.{' '}
      {t.pair ? (
        <>
          Both legs of the transfer are deleted, this one and {money(t.pair.amount, t.pair.currency)} on{' '}
          {t.pair.bank}.
        </>
      ) : (
        'A matched transaction must be unmatched first.'
      )}
    </Text>
  );
}

export default TransactionsPage;
