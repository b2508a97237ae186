import { monthTitle, type PeriodLock } from '@app/shared/accounting/period-locks.schemas';
import { Button, Table, Text } from '@mantine/core';
import { formatDateTime } from '../../../../lib/format/format-date.ts';

const who = (ref: { name: string } | null) => (ref ? ` by ${ref.name}` : '');

/** Who closed or reopened a month, and when. */
export function lockStory(lock: PeriodLock): { closed: string; reopened: string | null } {
  return {
    closed: `Closed${who(lock.locked_by)} on ${formatDateTime(lock.locked_at)}`,
    reopened: lock.locked ? null : `Reopened${who(lock.reopened_by)} on ${formatDateTime(lock.reopened_at)}`,
  };
}

/**
 * The closed months, newest first; a reopened one stays listed, struck through, with who reopened
 * it. Reopen is offered to Admins only (the server checks too).
 */
export function PeriodLocksTable({
  locks,
  canReopen,
  onReopen,
}: {
  locks: readonly PeriodLock[];
  canReopen: boolean;
  onReopen: (lock: PeriodLock) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={560} maw={960}>
      <Table aria-label="Closed months" verticalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Company</Table.Th>
            <Table.Th>Month</Table.Th>
            <Table.Th>Who and when</Table.Th>
            {canReopen ? <Table.Th aria-label="Actions" /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {locks.map((lock) => {
            const story = lockStory(lock);
            const title = monthTitle(lock.month);
            return (
              <Table.Tr key={`${lock.company.id}-${lock.month}`} data-locked={lock.locked}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{lock.company.code}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {lock.locked ? (
                    <Text size="sm" fw={600}>
                      {title}
                    </Text>
                  ) : (
                    <Text size="sm" td="line-through" c="dimmed">
                      {title}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={lock.locked ? undefined : 'dimmed'}>
                    {story.closed}
                  </Text>
                  {story.reopened ? (
                    <Text size="sm" fw={500}>
                      {story.reopened}
                    </Text>
                  ) : null}
                </Table.Td>
                {canReopen ? (
                  <Table.Td ta="right">
                    {lock.locked ? (
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Reopen ${title} for ${lock.company.code}`}
                        onClick={() => onReopen(lock)}
                      >
                        Reopen
                      </Button>
                    ) : null}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
