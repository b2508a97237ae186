import type { RequestLine, RequestRecord } from '@app/shared/requests/requests.schemas';
import {
  Alert,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Fragment, type ReactNode, useState } from 'react';
import { formatMoney, isNegative } from '../../../../lib/format/format-money.ts';
import { LineActions } from './line-actions.tsx';
import { LineDrawer } from './line-drawer.tsx';
import { LineDates, LineDeadlines, LineMargin, LineService, Money } from './line-parts.tsx';
import type { RequestAbilities } from './request-permissions.ts';
import { LineStatusBadge } from './status-badge.tsx';

/** Below this width the lines are cards rather than a table. */
const NARROW = '(max-width: 62em)';

/** The request's service lines with their money, statuses and deadline payments, and the totals. */
export function LinesPanel({
  request,
  abilities,
  today,
  onReload,
}: {
  request: RequestRecord;
  abilities: RequestAbilities;
  today: string;
  onReload: () => void;
}) {
  const narrow = useMediaQuery(NARROW) ?? false;
  const [open, setOpen] = useState<RequestLine | 'new' | null>(null);
  const ccy = request.base_currency;
  const actions = (line: RequestLine, index: number) => (
    <LineActions
      requestId={request.id}
      line={line}
      index={index}
      abilities={abilities}
      onEdit={() => setOpen(line)}
    />
  );
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="lines-title">
      <Stack gap="md">
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Title order={2} size="h4" id="lines-title">
            Service lines ({request.lines.length})
          </Title>
          {abilities.edit ? <Button onClick={() => setOpen('new')}>Add line</Button> : null}
        </Group>
        {request.rates_missing ? (
          <Alert color="yellow" p="sm">
            Some lines could not be converted to {ccy}: no rate set holds their currency. The totals leave
            them out.
          </Alert>
        ) : null}
        {request.lines.length === 0 ? (
          <Text c="dimmed" size="sm">
            No service lines yet.{abilities.edit ? ' Add the first one, or choose a hotel offer below.' : ''}
          </Text>
        ) : narrow ? (
          <Stack gap="sm">
            {request.lines.map((line, index) => (
              <LineCard
                key={line.id}
                line={line}
                index={index}
                currency={ccy}
                today={today}
                actions={actions(line, index)}
              />
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={980}>
            <Table aria-label="Service lines" verticalSpacing="xs" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>Service</Table.Th>
                  <Table.Th>Supplier</Table.Th>
                  <Table.Th>Dates</Table.Th>
                  <Table.Th ta="right">Pax</Table.Th>
                  <Table.Th ta="right">Cost</Table.Th>
                  <Table.Th ta="right">Sell</Table.Th>
                  <Table.Th ta="right">Margin ({ccy})</Table.Th>
                  <Table.Th>Account / payment</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {request.lines.map((line, index) => (
                  <Fragment key={line.id}>
                    <Table.Tr
                      data-testid={`line-${line.id}`}
                      data-status={line.status ?? 'none'}
                      style={line.status === 'Canceled' ? { opacity: 0.6 } : undefined}
                    >
                      <Table.Td style={{ verticalAlign: 'top' }}>{index + 1}</Table.Td>
                      <Table.Td style={{ verticalAlign: 'top', maxWidth: 260 }}>
                        <LineService line={line} />
                      </Table.Td>
                      <Table.Td style={{ verticalAlign: 'top' }}>
                        <Text size="sm">{line.supplier?.name ?? '—'}</Text>
                      </Table.Td>
                      <Table.Td style={{ verticalAlign: 'top' }}>
                        <LineDates line={line} />
                      </Table.Td>
                      <Table.Td ta="right" style={{ verticalAlign: 'top' }}>
                        {line.pax ?? '—'}
                      </Table.Td>
                      <Table.Td style={{ verticalAlign: 'top' }}>
                        <Money amount={line.cost} currency={line.cost_currency} />
                      </Table.Td>
                      <Table.Td style={{ verticalAlign: 'top' }}>
                        <Money amount={line.sell} currency={line.sell_currency} />
                      </Table.Td>
                      <Table.Td style={{ verticalAlign: 'top' }}>
                        <LineMargin line={line} currency={ccy} />
                      </Table.Td>
                      <Table.Td style={{ verticalAlign: 'top' }}>
                        <Text size="sm">{line.account_type}</Text>
                        <Text size="xs" c="dimmed">
                          {line.payment_method}
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ verticalAlign: 'top' }}>
                        <LineStatusBadge status={line.status} />
                      </Table.Td>
                      <Table.Td style={{ verticalAlign: 'top' }}>{actions(line, index)}</Table.Td>
                    </Table.Tr>
                    {line.deadlines.length > 0 ? (
                      <Table.Tr>
                        <Table.Td />
                        <Table.Td colSpan={10} pt={0}>
                          <LineDeadlines line={line} today={today} />
                        </Table.Td>
                      </Table.Tr>
                    ) : null}
                  </Fragment>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Totals request={request} narrow={narrow} />
      </Stack>
      <LineDrawer request={request} open={open} onClose={() => setOpen(null)} onReload={onReload} />
    </Paper>
  );
}

function Totals({ request, narrow }: { request: RequestRecord; narrow: boolean }) {
  const ccy = request.base_currency;
  const negative = isNegative(request.totals.margin);
  const items = [
    { label: 'Sell total', value: request.totals.sell, testId: 'total-sell', color: undefined },
    { label: 'Cost total', value: request.totals.cost, testId: 'total-cost', color: undefined },
    {
      label: 'Margin',
      value: request.totals.margin,
      testId: 'total-margin',
      color: negative ? 'red.7' : 'teal.8',
    },
  ];
  const value = (item: (typeof items)[number]) => (
    <Text
      fw={item.label === 'Margin' ? 700 : 600}
      c={item.color}
      data-testid={item.testId}
      data-negative={(item.label === 'Margin' && negative) || undefined}
    >
      {formatMoney(item.value, ccy)}
    </Text>
  );
  if (narrow)
    return (
      <Stack gap={4} aria-label="Totals" role="group">
        {items.map((item) => (
          <Group key={item.label} justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {item.label} ({ccy})
            </Text>
            {value(item)}
          </Group>
        ))}
      </Stack>
    );
  return (
    <Group justify="flex-end" gap="xl" wrap="wrap" aria-label="Totals" role="group">
      {items.map((item) => (
        <Stack key={item.label} gap={0} align="flex-end">
          <Text size="xs" c="dimmed">
            {item.label}
          </Text>
          {value(item)}
        </Stack>
      ))}
    </Group>
  );
}

function LineCard({
  line,
  index,
  currency,
  today,
  actions,
}: {
  line: RequestLine;
  index: number;
  currency: string;
  today: string;
  actions: ReactNode;
}) {
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      data-testid={`line-${line.id}`}
      data-status={line.status ?? 'none'}
      style={line.status === 'Canceled' ? { opacity: 0.65 } : undefined}
      component="article"
      aria-label={`Line ${index + 1}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={2} miw={0}>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {index + 1}.
              </Text>
              <LineStatusBadge status={line.status} />
            </Group>
            <LineService line={line} />
          </Stack>
          {actions}
        </Group>
        <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
          <Labeled label="Supplier">{line.supplier?.name ?? '—'}</Labeled>
          <Labeled label="Pax">{line.pax ?? '—'}</Labeled>
          <Labeled label="Dates">
            <LineDates line={line} />
          </Labeled>
          <Labeled label="Account / payment">
            {line.account_type} · {line.payment_method}
          </Labeled>
          <Labeled label="Cost">{formatMoney(line.cost, line.cost_currency)}</Labeled>
          <Labeled label="Sell">{formatMoney(line.sell, line.sell_currency)}</Labeled>
        </SimpleGrid>
        <Group justify="space-between" align="center">
          <Text size="xs" c="dimmed">
            Margin ({currency})
          </Text>
          <LineMargin line={line} currency={currency} />
        </Group>
        <LineDeadlines line={line} today={today} />
      </Stack>
    </Card>
  );
}

function Labeled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}
