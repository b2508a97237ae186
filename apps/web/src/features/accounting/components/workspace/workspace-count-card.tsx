import type { Workspace, WorkspaceCountKey } from '@app/shared/accounting/workspace.schemas';
import { Card, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

type WorkspaceCount = Workspace['counts'][number];

/** 12345 -> '12 345', grouped as the app groups money. */
const groupDigits = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/** What each count means, and how nothing to do reads (calm, not a red zero). */
const HINTS: Record<WorkspaceCountKey, { hint: string; none: string }> = {
  unmatched_transactions: { hint: 'Bank lines waiting to be matched', none: 'All matched' },
  invoices_to_issue: { hint: 'Confirmed lines not yet invoiced', none: 'Nothing to invoice' },
  overdue_invoices: { hint: 'Past their due date, not paid', none: 'Nothing overdue' },
  vouchers_due: { hint: 'Payment vouchers due by Sunday', none: 'Nothing due this week' },
  log_waiting: { hint: 'New LOG requests to handle', none: 'None waiting' },
};

/** One count of the workspace: the whole card opens the filtered list behind it. */
export function WorkspaceCountCard({ count }: { count: WorkspaceCount }) {
  const hints = HINTS[count.key];
  const zero = count.count === 0;
  return (
    <Card
      component={Link}
      to={count.href}
      withBorder
      radius="md"
      padding="md"
      data-testid={`workspace-count-${count.key}`}
      style={{ textDecoration: 'none', height: '100%' }}
    >
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {count.label}
        </Text>
        <Text fz={36} fw={700} lh={1.1} c={zero ? 'dimmed' : undefined}>
          {groupDigits(count.count)}
        </Text>
        <Text size="sm" c={zero ? 'teal.8' : 'dimmed'}>
          {zero ? hints.none : hints.hint}
        </Text>
      </Stack>
    </Card>
  );
}

/** The shape of a card while the counts load. */
export function WorkspaceCountSkeleton() {
  return (
    <Card withBorder radius="md" padding="md" aria-hidden>
      <Stack gap={8}>
        <Skeleton height={14} width="60%" />
        <Skeleton height={36} width={64} />
        <Skeleton height={12} width="80%" />
      </Stack>
    </Card>
  );
}
