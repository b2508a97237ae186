import {
  FIN_REPORT_EXCEPTION_LABELS,
  type FinReport,
  type FinReportException,
  type FinReportExceptionKind,
  type FinReportExceptionList,
} from '@app/shared/reports/fin-report.schemas';
import { Anchor, Badge, Button, Group, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format/format-date.ts';
import { formatMoney, isNegative } from '../../../lib/format/format-money.ts';
import type { FinReportParams } from '../api/fin-report-keys.ts';
import { listFinReportExceptions } from '../api/list-fin-report-exceptions.ts';
import { NUMERIC } from './fin-report-format.ts';

const num = { ta: 'right' as const, style: NUMERIC };
const MORE = 25;

const EXPLAIN: Record<FinReportExceptionKind, string> = {
  negative_margin: 'Invoice lines sold below their cost.',
  estimated_cost:
    'Lines whose cost is the estimate on the request: no supplier invoice has been recorded for them yet.',
  no_account_type: 'Every service line must have an account type, so there are none.',
};

/** The order of the tabs: what needs looking at first. */
const ORDER: FinReportExceptionKind[] = ['negative_margin', 'estimated_cost', 'no_account_type'];

/** The lines that need a look, by kind: counts, the first rows, and "Show more". */
export function FinReportExceptionsPanel({ report, query }: { report: FinReport; query: FinReportParams }) {
  const lists = ORDER.map((kind) => report.exceptions.find((e) => e.kind === kind)).filter(
    (e): e is FinReportExceptionList => e !== undefined,
  );
  const first = lists.find((l) => l.total > 0)?.kind ?? ORDER[0]!;
  return (
    <Stack gap="xs" component="section" aria-labelledby="fin-report-exceptions-title">
      <Title order={2} size="h4" id="fin-report-exceptions-title">
        Exceptions
      </Title>
      <Tabs defaultValue={first} keepMounted={false}>
        <Tabs.List>
          {lists.map((l) => (
            <Tabs.Tab
              key={l.kind}
              value={l.kind}
              rightSection={
                <Badge
                  size="sm"
                  variant={l.total > 0 ? 'filled' : 'light'}
                  color={l.total > 0 ? 'orange' : 'gray'}
                >
                  {l.total}
                </Badge>
              }
            >
              {FIN_REPORT_EXCEPTION_LABELS[l.kind]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {lists.map((l) => (
          <Tabs.Panel key={l.kind} value={l.kind} pt="sm">
            {/* a new report (other filters) starts the list again */}
            <ExceptionList key={JSON.stringify(query)} list={l} query={query} currency={report.currency} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function ExceptionList({
  list,
  query,
  currency,
}: {
  list: FinReportExceptionList;
  query: FinReportParams;
  currency: string;
}) {
  const [more, setMore] = useState<FinReportException[]>([]);
  const [loading, setLoading] = useState(false);
  const rows = [...list.rows, ...more];

  const showMore = async () => {
    setLoading(true);
    try {
      const page = await listFinReportExceptions({
        ...query,
        kind: list.kind,
        limit: MORE,
        offset: rows.length,
      });
      setMore((m) => [...m, ...page.data]);
    } catch {
      // the HTTP layer has toasted why; the button stays for another try
    } finally {
      setLoading(false);
    }
  };

  if (list.kind === 'no_account_type' || list.total === 0)
    return (
      <Text size="sm" c="dimmed">
        {list.kind === 'no_account_type'
          ? EXPLAIN.no_account_type
          : `${EXPLAIN[list.kind]} None in this period.`}
      </Text>
    );
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {EXPLAIN[list.kind]} Showing {rows.length} of {list.total}.
      </Text>
      <Table.ScrollContainer minWidth={1000}>
        <Table striped verticalSpacing={4} aria-label={FIN_REPORT_EXCEPTION_LABELS[list.kind]}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Invoice</Table.Th>
              <Table.Th>Request</Table.Th>
              <Table.Th>Client</Table.Th>
              <Table.Th>Company</Table.Th>
              <Table.Th>Account type</Table.Th>
              <Table.Th>Invoice date</Table.Th>
              <Table.Th>Departure</Table.Th>
              <Table.Th ta="right">Sale ({currency})</Table.Th>
              <Table.Th ta="right">Cost ({currency})</Table.Th>
              <Table.Th ta="right">Margin ({currency})</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.invoice_line_id}>
                <Table.Td>
                  <Anchor component={Link} to={`/accounting/client-invoices/${r.invoice.id}`} size="sm">
                    {r.invoice.number}
                  </Anchor>
                  {r.document_kind === 'credit_note' ? (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      credit note
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/requests/${r.request.id}`} size="sm">
                    {r.request.number}
                  </Anchor>
                </Table.Td>
                <Table.Td>{r.client.name}</Table.Td>
                <Table.Td title={r.company.name}>{r.company.code}</Table.Td>
                <Table.Td>{r.account_type}</Table.Td>
                <Table.Td style={NUMERIC}>{formatDate(r.invoice_date)}</Table.Td>
                <Table.Td style={NUMERIC}>{formatDate(r.service_date)}</Table.Td>
                <Table.Td {...num}>{formatMoney(r.sales)}</Table.Td>
                <Table.Td {...num}>{formatMoney(r.cost)}</Table.Td>
                <Table.Td {...num} c={isNegative(r.margin) ? 'red.7' : undefined}>
                  {formatMoney(r.margin)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {rows.length < list.total ? (
        <Group gap="sm">
          <Button variant="default" size="xs" loading={loading} onClick={() => void showMore()}>
            Show more
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
