import {
  FIN_REPORT_EXCEPTION_LABELS,
  type FinReportExceptionKind,
  type FinReportExceptionList,
} from '@app/shared/reports/fin-report.schemas';
import { Anchor, Badge, Button, Group, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format/format-date.ts';
import type { FinReportParams } from '../api/fin-report-keys.ts';
import { useFinReportExceptions } from '../api/list-fin-report-exceptions.ts';
import { CompanyName, Figure, NUMERIC } from './report-format.tsx';

const num = { ta: 'right' as const, style: NUMERIC };

const EXPLAIN: Record<Exclude<FinReportExceptionKind, 'no_account_type'>, string> = {
  negative_margin: 'Invoice lines sold below their cost.',
  estimated_cost:
    'Lines whose cost is the estimate on the request: no supplier invoice has been recorded for them yet.',
};

/**
 * The order of the tabs: what needs looking at first. Lines without an account type cannot occur
 * (every request line must have one), so that kind gets a sentence, not an always-empty tab.
 */
const TABS = ['negative_margin', 'estimated_cost'] as const;

/**
 * The lines that need a look, by kind: counts, the first rows, and "Show more". `params` are those
 * the report was run for, so "Show more" pages on through the list shown, never a newer one.
 */
export function FinReportExceptionsPanel({
  exceptions,
  params,
  currency,
}: {
  exceptions: readonly FinReportExceptionList[];
  params: FinReportParams;
  currency: string;
}) {
  const lists = TABS.map((kind) => exceptions.find((e) => e.kind === kind)).filter(
    (e): e is FinReportExceptionList => e !== undefined,
  );
  const first = lists.find((l) => l.total > 0)?.kind ?? TABS[0];
  return (
    <Stack gap="xs" component="section" aria-labelledby="fin-report-exceptions-title">
      <Title order={2} size="h4" id="fin-report-exceptions-title">
        Exceptions
      </Title>
      <Text size="sm" c="dimmed">
        Lines without an account type cannot occur: every service line must have one.
      </Text>
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
            <ExceptionList list={l} params={params} currency={currency} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function ExceptionList({
  list,
  params,
  currency,
}: {
  list: FinReportExceptionList;
  params: FinReportParams;
  currency: string;
}) {
  const explain = EXPLAIN[list.kind as keyof typeof EXPLAIN];
  const pages = useFinReportExceptions({ ...params, kind: list.kind }, list);
  const rows = pages.data?.pages.flatMap((p) => p.data) ?? list.rows;
  const total = pages.data?.pages.at(-1)?.meta.total ?? list.total;

  if (total === 0)
    return (
      <Text size="sm" c="dimmed">
        {explain} None in this period.
      </Text>
    );
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {explain} Showing {rows.length} of {total}.
      </Text>
      <Table.ScrollContainer minWidth={1100}>
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
                <Table.Td>
                  <CompanyName company={r.company} />
                </Table.Td>
                <Table.Td>{r.account_type}</Table.Td>
                <Table.Td style={NUMERIC}>{formatDate(r.invoice_date)}</Table.Td>
                <Table.Td style={NUMERIC}>{formatDate(r.service_date)}</Table.Td>
                <Table.Td {...num}>
                  <Figure value={r.sales} />
                </Table.Td>
                <Table.Td {...num}>
                  <Figure value={r.cost} />
                </Table.Td>
                <Table.Td {...num}>
                  <Figure value={r.margin} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages.hasNextPage ? (
        <Group gap="sm">
          <Button
            variant="default"
            size="xs"
            loading={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
          >
            Show more
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
