import type { DocumentPaymentState } from '@app/shared/accounting/accounting.common';
import { Anchor, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../../lib/format/format-date.ts';
import { formatMoney } from '../../../../lib/format/format-money.ts';
import { DocumentOverdueMark } from '../../../../ui/documents/document-status-badges.tsx';

/**
 * The cells the accounting document lists (bills, client invoices, Invoices & Bills, vouchers)
 * share, so the same document reads the same in every list.
 */

/** A link or button in a row must not also open the row. */
export const stopRowClick = (event: { stopPropagation: () => void }) => event.stopPropagation();

/** A link inside a row: a document's or a request's page. Long numbers wrap unless `nowrap`. */
export function RowLink({
  to,
  children,
  strong = false,
  nowrap = false,
}: {
  to: string;
  children: ReactNode;
  strong?: boolean;
  nowrap?: boolean;
}) {
  return (
    <Anchor
      component={Link}
      to={to}
      fw={strong ? 600 : undefined}
      size="sm"
      style={nowrap ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }}
      onClick={stopRowClick}
    >
      {children}
    </Anchor>
  );
}

/** The document's number (a link); a phone shows the first columns, so the money and its state come along under it. */
export function DocumentNumberCell({
  to,
  number,
  amount,
  currency,
  paymentStatus,
  overdue,
}: {
  to: string;
  number: string;
  amount: string;
  currency: string;
  paymentStatus: DocumentPaymentState;
  overdue: boolean;
}) {
  return (
    <Stack gap={0}>
      <RowLink to={to} strong>
        {number}
      </RowLink>
      <Text size="xs" hiddenFrom="md" style={{ whiteSpace: 'nowrap' }}>
        {formatMoney(amount, currency)} · {paymentStatus}
        {overdue ? ' · overdue' : ''}
      </Text>
    </Stack>
  );
}

/** A counterparty's name with a dimmed second line (its company, its kind). */
export function CounterpartyCell({ name, detail }: { name: string; detail: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="sm" lineClamp={2}>
        {name}
      </Text>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    </Stack>
  );
}

/** A due date, red and bold with the overdue mark when past due and not paid. */
export function DueDateText({ date, overdue }: { date: string | null; overdue: boolean }) {
  return (
    <Text size="sm" c={overdue ? 'red.7' : undefined} fw={overdue ? 700 : undefined}>
      {formatDate(date)}
    </Text>
  );
}

/** An amount in its currency, on one line. */
export function MoneyText({
  amount,
  currency,
  dimmed = false,
  strong = false,
}: {
  amount: string;
  currency: string;
  dimmed?: boolean;
  strong?: boolean;
}) {
  return (
    <Text
      size="sm"
      fw={strong ? 500 : undefined}
      c={dimmed ? 'dimmed' : undefined}
      style={{ whiteSpace: 'nowrap' }}
    >
      {formatMoney(amount, currency)}
    </Text>
  );
}

interface Dated {
  issue_date: string;
  due_date: string | null;
  overdue: boolean;
}

/** Issued, then Due (overdue marked); both sort on the server. */
export function documentDateColumns<T extends Dated>(width: number): ColumnDef<T, unknown>[] {
  return [
    {
      id: 'issue_date',
      header: 'Issued',
      enableSorting: true,
      meta: { width },
      cell: ({ row }) => <Text size="sm">{formatDate(row.original.issue_date)}</Text>,
    },
    {
      id: 'due_date',
      header: 'Due',
      enableSorting: true,
      meta: { width },
      cell: ({ row }) => (
        <Stack gap={0}>
          <DueDateText date={row.original.due_date} overdue={row.original.overdue} />
          {row.original.overdue ? <DocumentOverdueMark /> : null}
        </Stack>
      ),
    },
  ];
}

/**
 * The document's amount (`total`, sorts on the server) and what is still open, in its currency;
 * the open amount is dimmed once `settled`.
 */
export function documentMoneyColumns<T extends { currency: string; open_amount: string }>({
  header,
  amount,
  settled,
  width,
}: {
  header: string;
  amount: (row: T) => string;
  settled: (row: T) => boolean;
  width: number;
}): ColumnDef<T, unknown>[] {
  return [
    {
      id: 'total',
      header,
      enableSorting: true,
      meta: { align: 'right', width },
      cell: ({ row }) => <MoneyText amount={amount(row.original)} currency={row.original.currency} strong />,
    },
    {
      id: 'open',
      header: 'Open',
      meta: { align: 'right', width },
      cell: ({ row }) => (
        <MoneyText
          amount={row.original.open_amount}
          currency={row.original.currency}
          dimmed={settled(row.original)}
        />
      ),
    },
  ];
}
