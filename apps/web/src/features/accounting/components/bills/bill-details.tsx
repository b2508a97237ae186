import type { BillRecord } from '@app/shared/accounting/bills.schemas';
import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../../../lib/format/format-date.ts';
import { formatMoney } from '../../../../lib/format/format-money.ts';
import { DocumentOverdueMark } from '../../../../ui/documents/document-status-badges.tsx';
import { signedDifference } from './bill-difference-summary.tsx';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** Who billed what, when it is due, the money (in its currency and the company's), and the difference. */
export function BillDetails({ bill }: { bill: BillRecord }) {
  const tolerance = bill.difference_pct === null || Math.abs(Number(bill.difference_pct)) > 1;
  const differs = !/^-?0\.00$/.test(bill.difference);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Bill details">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md" verticalSpacing="sm">
          <Item label="Supplier">
            <Anchor component={Link} to={`/directory/suppliers/${bill.supplier.id}`}>
              {bill.supplier.name}
            </Anchor>
          </Item>
          <Item label="Company">
            {bill.company.code}{' '}
            <Text span size="xs" c="dimmed">
              {bill.company.name}
            </Text>
          </Item>
          <Item label="Requests">
            <Group gap={8}>
              {bill.requests.map((r) => (
                <Anchor key={r.id} component={Link} to={`/requests/${r.id}`}>
                  {r.number}
                </Anchor>
              ))}
            </Group>
          </Item>
          <Item label="Issued">{formatDate(bill.issue_date)}</Item>
          <Item label="Due">
            <Group gap={6}>
              <Text span size="sm" c={bill.overdue ? 'red.7' : undefined} fw={bill.overdue ? 700 : undefined}>
                {formatDate(bill.due_date)}
              </Text>
              {bill.overdue ? <DocumentOverdueMark /> : null}
            </Group>
          </Item>
          <Item label="Recorded">
            {formatDateTime(bill.created_at)}
            {bill.created_by ? ` by ${bill.created_by.name}` : ''}
          </Item>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md" verticalSpacing="sm">
          <Item label="Amount">
            <Text span fw={700} size="sm">
              {formatMoney(bill.amount, bill.currency)}
            </Text>
          </Item>
          <Item label="Open">{formatMoney(bill.open_amount, bill.currency)}</Item>
          <Item label="Lines' cost">{formatMoney(bill.lines_cost, bill.currency)}</Item>
          <Item label="Difference">
            <Text span size="sm" c={differs ? (tolerance ? 'orange.8' : 'teal.8') : undefined} fw={600}>
              {signedDifference(
                { difference: bill.difference, pct: bill.difference_pct, needsExplanation: false },
                bill.currency,
              )}
            </Text>
          </Item>
          {bill.base_currency !== bill.currency ? (
            <Item label={`In ${bill.base_currency}`}>
              {formatMoney(bill.amount_base, bill.base_currency)}{' '}
              <Text span size="xs" c="dimmed">
                at {bill.rate}
              </Text>
            </Item>
          ) : null}
          <Item label="Updated">{formatDateTime(bill.updated_at)}</Item>
        </SimpleGrid>
        {bill.difference_explanation ? (
          <Item label="Explanation of the difference">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {bill.difference_explanation}
            </Text>
          </Item>
        ) : null}
        {bill.internal_note ? (
          <Item label="Internal note">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {bill.internal_note}
            </Text>
          </Item>
        ) : null}
      </Stack>
    </Paper>
  );
}
