import type { ClientBalance } from '@app/shared/banking/allocations.schemas';
import { Anchor, Button, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../../lib/format/format-date.ts';
import { formatMoney, isNegative } from '../../../../lib/format/format-money.ts';
import { useClientBalance } from '../../api/get-client-balance.ts';

type Movement = ClientBalance['movements'][number];

const KIND_LABELS: Record<Movement['kind'], string> = { credit: 'Credit', use: 'Used', refund: 'Refund' };
/** Movements shown before 'Show all'. */
const FIRST_MOVEMENTS = 10;

/** `+500.00 GBP` / `-200.00 GBP`: a movement's sign is its direction. */
function signedMoney(amount: string, currency: string): string {
  const text = formatMoney(amount, currency);
  return isNegative(amount) || text.startsWith('0.00') ? text : `+${text}`;
}

/** The client's deposit: what they hold per currency, and every credit, use and refund. */
export function ClientBalanceCard({ clientId }: { clientId: number }) {
  const balance = useClientBalance(clientId);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="client-balance-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="client-balance-title">
          Deposit balance
        </Title>
        {balance.data ? (
          <BalanceBody balance={balance.data} />
        ) : balance.error ? (
          <Text size="sm" c="red">
            The balance could not be loaded.{' '}
            <Anchor component="button" size="sm" onClick={() => void balance.refetch()}>
              Try again
            </Anchor>
          </Text>
        ) : (
          <Skeleton height={48} aria-label="Loading the balance" />
        )}
      </Stack>
    </Paper>
  );
}

function BalanceBody({ balance }: { balance: ClientBalance }) {
  const [all, setAll] = useState(false);
  if (balance.balances.length === 0 && balance.movements.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No deposit
      </Text>
    );
  }
  const movements = all ? balance.movements : balance.movements.slice(0, FIRST_MOVEMENTS);
  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={360}>
        <Table aria-label="Balance per currency" verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Currency</Table.Th>
              <Table.Th ta="right">Credit</Table.Th>
              <Table.Th ta="right">Used</Table.Th>
              <Table.Th ta="right">Balance</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {balance.balances.map((b) => (
              <Table.Tr key={b.currency}>
                <Table.Td>{b.currency}</Table.Td>
                <Table.Td ta="right">{formatMoney(b.credit)}</Table.Td>
                <Table.Td ta="right">{formatMoney(b.used)}</Table.Td>
                <Table.Td ta="right" fw={700}>
                  {formatMoney(b.balance, b.currency)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {balance.movements.length > 0 ? (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="Deposit movements" verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Bank reference</Table.Th>
                <Table.Th>Invoice</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {movements.map((m) => (
                <Table.Tr key={`${m.transaction.id}-${m.allocation_id ?? 'credit'}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(m.date)}</Table.Td>
                  <Table.Td>{KIND_LABELS[m.kind]}</Table.Td>
                  <Table.Td
                    ta="right"
                    style={{ whiteSpace: 'nowrap' }}
                    c={m.kind === 'credit' ? 'teal.8' : undefined}
                  >
                    {signedMoney(m.amount, m.currency)}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {m.transaction.reference ?? m.transaction.type}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {m.invoice ? (
                      <Anchor component={Link} to={`/accounting/client-invoices/${m.invoice.id}`} size="sm">
                        {m.invoice.number}
                      </Anchor>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {!all && balance.movements.length > FIRST_MOVEMENTS ? (
        <Button variant="subtle" size="xs" onClick={() => setAll(true)} style={{ alignSelf: 'flex-start' }}>
          Show all {balance.movements.length} movements
        </Button>
      ) : null}
    </Stack>
  );
}
