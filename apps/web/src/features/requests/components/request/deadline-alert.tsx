import type { RequestRecord } from '@app/shared/requests/requests.schemas';
import { Alert, Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate } from '../../../../lib/format/format-date.ts';
import { formatMoney } from '../../../../lib/format/format-money.ts';
import { deadlineState } from './deadline-state.ts';
import { lineTitle } from './line-parts.tsx';

/** Overdue and upcoming (7 days) deadline payments of the request, at the top of its page. */
export function DeadlineAlert({ request, today }: { request: RequestRecord; today: string }) {
  if (request.canceled_at) return null;
  const due = request.lines.flatMap((line, index) =>
    line.deadlines
      .map((d) => ({ d, line, index, state: deadlineState(d.due_date, line.status, today) }))
      .filter((x) => x.state !== null),
  );
  if (due.length === 0) return null;
  const overdue = due.filter((x) => x.state === 'overdue');
  const upcoming = due.filter((x) => x.state === 'upcoming');
  const title = [
    overdue.length ? `${overdue.length} overdue` : null,
    upcoming.length ? `${upcoming.length} due within 7 days` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Alert
      color={overdue.length ? 'red' : 'orange'}
      title={`Deadline payments: ${title}`}
      role="note"
      data-testid="deadline-alert"
    >
      <List size="sm" spacing={2}>
        {[...overdue, ...upcoming]
          .sort((a, b) => a.d.due_date.localeCompare(b.d.due_date))
          .map(({ d, line, index, state }) => (
            <List.Item key={d.id}>
              <Text
                size="sm"
                span
                fw={state === 'overdue' ? 700 : 500}
                c={state === 'overdue' ? 'red.8' : undefined}
              >
                {formatDate(d.due_date)}
              </Text>{' '}
              <Text size="sm" span>
                {d.type} {formatMoney(d.amount, line.cost_currency)}, line {index + 1} ({lineTitle(line)}
                {line.supplier ? `, ${line.supplier.name}` : ''}){state === 'overdue' ? ': overdue' : ''}
              </Text>
            </List.Item>
          ))}
      </List>
      <Anchor component={Link} to="/requests/deadlines" size="sm" mt={6} display="inline-block">
        All deadlines
      </Anchor>
    </Alert>
  );
}
