import { isRefundTransaction, type Transaction } from '@app/shared/banking/transactions.schemas';
import { Alert, Anchor, Button, Drawer, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../../../lib/format/format-date.ts';
import { useTransaction } from '../../api/transactions/get-transaction.ts';
import {
  AmountText,
  CounterpartyLink,
  MatchStatusBadge,
  TransactionTypeBadge,
  transactionWayLabel,
} from '../common/transaction-cells.tsx';
import { TransactionAllocations } from './transaction-allocations.tsx';
import { TransactionHistory } from './transaction-history.tsx';
import { TRANSACTIONS_PATH } from './transactions-filters.ts';

/** Where a line is matched to documents. */
export const matchPath = (id: number) => `/accounting/matched-data?transaction=${id}`;

/** A stored rate has six places: '1.172500' reads '1.1725'. */
const trimRate = (rate: string) => (rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate);

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/**
 * One bank line over the list: what it is, what is still open, what it settles, Match / Edit /
 * Delete, and who did what to it. The list's row shows at once; the record is fetched fresh.
 */
export function TransactionDrawer({
  transaction: row,
  covered = false,
  onClose,
  onEdit,
  onDelete,
}: {
  transaction: Transaction | null;
  /** A dialog is open over the drawer: Escape is that dialog's, not the drawer's. */
  covered?: boolean;
  onClose: () => void;
  onEdit: (transaction: Transaction) => void;
  onDelete: (transaction: Transaction) => void;
}) {
  const fresh = useTransaction(row?.id ?? null, row ?? undefined);
  const t = row ? (fresh.data ?? row) : null;
  // A refund is accounted for by the client's balance, not by documents.
  const refund = t !== null && isRefundTransaction({ ...t, counterparty_kind: t.counterparty?.kind ?? null });
  return (
    <Drawer
      opened={row !== null}
      onClose={onClose}
      closeOnEscape={!covered}
      position="right"
      size="lg"
      title={t ? `Transaction ${t.id}` : ''}
    >
      {t ? (
        <Stack gap="lg">
          {fresh.isError ? (
            <Alert color="orange" role="alert">
              This transaction could not be reloaded; it may have been deleted.
            </Alert>
          ) : null}
          <Group gap="sm">
            <TransactionTypeBadge type={t.type} />
            <MatchStatusBadge status={t.match_status} />
            {t.is_credit ? (
              <Text size="sm" c="teal.8" fw={500}>
                Client credit
              </Text>
            ) : null}
          </Group>
          <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
            <Fact label="Amount">
              <AmountText amount={t.amount} currency={t.currency} type={t.type} strong />
            </Fact>
            <Fact label="Open">
              <AmountText
                amount={t.open_amount}
                currency={t.currency}
                dimmed={t.match_status === 'matched'}
              />
            </Fact>
            <Fact label="Date">
              <Text size="sm">{formatDate(t.date)}</Text>
            </Fact>
            <Fact label="Way">
              <Text size="sm">{transactionWayLabel(t.way, t.type)}</Text>
            </Fact>
            <Fact label="Bank account">
              <Text size="sm">
                {t.bank.named} · {t.bank.company.code}
              </Text>
            </Fact>
            <Fact
              label={t.pair ? (t.type.startsWith('SPEND') ? 'To account' : 'From account') : 'Counterparty'}
            >
              {t.pair ? (
                <Text size="sm">
                  {t.pair.bank} · <AmountText amount={t.pair.amount} currency={t.pair.currency} />
                  {t.rate ? ` at ${trimRate(t.rate)}` : ''}
                </Text>
              ) : (
                <CounterpartyLink counterparty={t.counterparty} />
              )}
            </Fact>
            {t.card ? (
              <Fact label="Bank card">
                <Text size="sm">{t.card.label}</Text>
              </Fact>
            ) : null}
            {t.import_id !== null ? (
              <Fact label="Imported">
                <Anchor
                  component={Link}
                  to={`${TRANSACTIONS_PATH}?import=${t.import_id}`}
                  size="sm"
                  onClick={onClose}
                >
                  Statement import #{t.import_id}
                </Anchor>
              </Fact>
            ) : null}
          </SimpleGrid>
          <Fact label="Reference">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {t.reference ?? '—'}
            </Text>
          </Fact>
          <Text size="xs" c="dimmed">
            Entered {formatDateTime(t.created_at)}
            {t.created_by ? ` by ${t.created_by.name}` : ''}
          </Text>
          <Group gap="sm">
            {t.pair || refund ? null : (
              <Button component={Link} to={matchPath(t.id)}>
                {t.match_status === 'matched' ? 'See its matches' : 'Match'}
              </Button>
            )}
            <Button variant="default" onClick={() => onEdit(t)}>
              Edit
            </Button>
            <Button variant="light" color="red" onClick={() => onDelete(t)}>
              {t.pair ? 'Delete transfer' : 'Delete'}
            </Button>
          </Group>
          {t.pair ? (
            <Text size="sm" c="dimmed">
              One leg of a transfer: it is matched by its pair, and deleting it deletes both.
            </Text>
          ) : refund ? (
            <Text size="sm" c="dimmed">
              A refund of the client's credit: it comes out of their deposit balance, with no document to
              match.
            </Text>
          ) : (
            <TransactionAllocations transactionId={t.id} />
          )}
          <TransactionHistory transactionId={t.id} />
        </Stack>
      ) : null}
    </Drawer>
  );
}
