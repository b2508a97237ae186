import type { Transaction } from '@app/shared/banking/transactions.schemas';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '../../../../lib/format/format-date.ts';
import { formatMoney } from '../../../../lib/format/format-money.ts';
import {
  AmountText,
  CounterpartyLink,
  MatchStatusBadge,
  TransactionTypeBadge,
  transactionWayLabel,
} from '../common/transaction-cells.tsx';
import { TABULAR } from './matching-money.tsx';

/** A figure with its caption, right-aligned like every amount. */
function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack gap={0} align="flex-end">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text
        size={strong ? 'lg' : 'sm'}
        fw={strong ? 700 : 500}
        style={TABULAR}
        data-testid={`figure-${label}`}
      >
        {value}
      </Text>
    </Stack>
  );
}

/** The selected bank line: what it is, and how much of it is still to allocate. */
export function TransactionSummary({ transaction: t }: { transaction: Transaction }) {
  return (
    <Stack gap="xs" component="section" aria-label="Selected bank line">
      <Group gap="xs">
        <Title order={2} size="h4">
          {formatDate(t.date)} · {t.bank.named}
        </Title>
        <TransactionTypeBadge type={t.type} />
        <MatchStatusBadge status={t.match_status} />
        {t.is_credit ? (
          <Badge color="grape" variant="light" radius="sm" tt="none" data-testid="credit-badge">
            Credit — client balance
          </Badge>
        ) : null}
      </Group>
      <Group gap={6}>
        <CounterpartyLink counterparty={t.counterparty} />
        <Text size="sm" c="dimmed">
          · {transactionWayLabel(t.way, t.type)}
        </Text>
      </Group>
      <Group justify="space-between" align="flex-end" gap="md">
        <Text
          size="sm"
          c={t.reference ? undefined : 'dimmed'}
          style={{ overflowWrap: 'anywhere', flex: '1 1 200px', minWidth: 0 }}
        >
          {t.reference ?? 'No bank text'}
        </Text>
        <Group gap="xl" wrap="nowrap" align="flex-end">
          <Stack gap={0} align="flex-end">
            <Text size="xs" c="dimmed">
              Amount
            </Text>
            <AmountText amount={t.amount} currency={t.currency} type={t.type} strong />
          </Stack>
          <Figure label="Allocated" value={formatMoney(t.allocated_amount, t.currency)} />
          <Figure label="Open" value={formatMoney(t.open_amount, t.currency)} strong />
        </Group>
      </Group>
    </Stack>
  );
}
