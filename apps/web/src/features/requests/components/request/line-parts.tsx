import type { LineDeadline, RequestLine } from '@app/shared/requests/requests.schemas';
import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { formatDate, formatDayTime } from '../../../../lib/format/format-date.ts';
import { formatMoney, isNegative } from '../../../../lib/format/format-money.ts';
import { deadlineState } from './deadline-state.ts';

/** "Hotel · Four Seasons · Deluxe, Bed and breakfast, Flexible" and the like: what a line is. */
export function lineTitle(line: RequestLine): string {
  if (line.service_type === 'Other' && line.service_subtype) return `Other: ${line.service_subtype}`;
  return line.service_type;
}

export function lineDetails(line: RequestLine): string {
  const parts: string[] = [];
  if (line.service_type === 'Hotel') {
    if (line.hotel_name) parts.push(line.hotel_name);
    const room = [line.room_type, line.meal, line.cancellation_policy].filter(Boolean).join(', ');
    if (room) parts.push(room);
  }
  if (line.service_type === 'Air tickets') {
    const flight = [line.route, line.flight_class].filter(Boolean).join(', ');
    if (flight) parts.push(flight);
  }
  return parts.join(' · ');
}

export function LineService({ line }: { line: RequestLine }) {
  const details = lineDetails(line);
  return (
    <Stack gap={0} miw={0}>
      <Text size="sm" fw={600}>
        {lineTitle(line)}
      </Text>
      {details ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {details}
        </Text>
      ) : null}
      {line.description ? (
        <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {line.description}
        </Text>
      ) : null}
    </Stack>
  );
}

export function LineDates({ line }: { line: RequestLine }) {
  if (!line.date_from && !line.date_to)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDayTime(line.date_from, line.hour_from, line.minute_from)}
      </Text>
      {line.date_to ? (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          to {formatDayTime(line.date_to, line.hour_to, line.minute_to)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The margin in the company's currency: red below zero, and whether its rates are stamped. */
export function LineMargin({ line, currency }: { line: RequestLine; currency: string }) {
  if (line.margin === null)
    return (
      <Tooltip label="No rate set converts this line's currencies">
        <Text size="sm" c="dimmed" tabIndex={0}>
          No rate
        </Text>
      </Tooltip>
    );
  const negative = isNegative(line.margin);
  return (
    <Stack gap={0} align="flex-end">
      <Text
        size="sm"
        fw={600}
        c={negative ? 'red.7' : undefined}
        data-negative={negative || undefined}
        data-testid="line-margin"
        style={{ whiteSpace: 'nowrap' }}
      >
        {formatMoney(line.margin, currency)}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {line.margin_at === 'stamped' ? 'stamped' : 'at current rates'}
      </Text>
    </Stack>
  );
}

export function Money({ amount, currency }: { amount: string; currency: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }} ta="right">
      {formatMoney(amount, currency)}
    </Text>
  );
}

const STATE_BADGES = {
  overdue: { color: 'red', label: 'Overdue' },
  upcoming: { color: 'orange', label: 'Due soon' },
} as const;

/** A line's deadline payments, overdue ones in red and those due within 7 days in orange. */
export function LineDeadlines({ line, today }: { line: RequestLine; today: string }) {
  if (line.deadlines.length === 0) return null;
  return (
    <Group gap="xs" wrap="wrap" aria-label="Deadline payments" role="list">
      {line.deadlines.map((d: LineDeadline) => {
        const state = deadlineState(d.due_date, line.status, today);
        const badge = state ? STATE_BADGES[state] : null;
        return (
          <Group
            key={d.id}
            role="listitem"
            gap={6}
            px="xs"
            py={2}
            wrap="wrap"
            data-deadline={state ?? 'later'}
            style={{
              border: `1px solid var(--mantine-color-${badge ? badge.color : 'gray'}-${badge ? 4 : 3})`,
              borderRadius: 'var(--mantine-radius-sm)',
              background: badge ? `var(--mantine-color-${badge.color}-0)` : undefined,
            }}
          >
            <Text size="xs" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {d.type}
            </Text>
            <Text size="xs">{formatDate(d.due_date)}</Text>
            <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(d.amount, line.cost_currency)}
            </Text>
            {badge ? (
              <Badge size="xs" color={badge.color} variant="filled" style={{ flexShrink: 0 }}>
                {badge.label}
              </Badge>
            ) : null}
          </Group>
        );
      })}
    </Group>
  );
}
