import { labelOf, MEMBERSHIPS } from '@app/shared';
import type { ClientItem, RequestSearchItem, SupplierItem } from '@app/shared/directory/index';
import type { RequestStatus } from '@app/shared/requests/requests.status';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import classes from './result-lists.module.css';

function ResultRow({
  to,
  title,
  badges,
  details,
}: {
  to: string;
  title: string;
  badges?: ReactNode;
  details: ReactNode;
}) {
  return (
    <li className={classes.row}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Anchor component={Link} to={to} fw={600}>
            {title}
          </Anchor>
          {badges}
        </Group>
        <Text size="sm" c="dimmed">
          {details}
        </Text>
      </Group>
    </li>
  );
}

function ResultList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md">
      <ul className={classes.list} aria-label={label}>
        {children}
      </ul>
    </Paper>
  );
}

const STATUS_COLORS: Record<RequestStatus, string> = {
  New: 'gray',
  'In progress': 'blue',
  Confirmed: 'teal',
  Invoiced: 'violet',
  Accounted: 'green',
  Canceled: 'red',
};

/** `2026-05-01` -> `01/05/2026` (spec 2.6). */
const day = (iso: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
};

/** A request's dates as people read them: one day, a range, or nothing. */
export function requestDates(from: string | null, to: string | null): string | null {
  if (!from && !to) return null;
  if (!from || !to || from === to) return day((from ?? to) as string);
  return `${day(from)} – ${day(to)}`;
}

export function RequestResults({ requests }: { requests: RequestSearchItem[] }) {
  return (
    <ResultList label="Requests found">
      {requests.map((r) => (
        <ResultRow
          key={r.id}
          to={`/requests/${r.id}`}
          title={r.number}
          badges={
            <>
              <Badge color={STATUS_COLORS[r.status]} variant="light" radius="sm" tt="none">
                {r.status}
              </Badge>
              <Text size="sm">{r.client.name}</Text>
            </>
          }
          details={[requestDates(r.date_from, r.date_to), r.supplier_names || null]
            .filter(Boolean)
            .join(' · ')}
        />
      ))}
    </ResultList>
  );
}

export function ClientResults({ clients }: { clients: ClientItem[] }) {
  return (
    <ResultList label="Clients found">
      {clients.map((c) => (
        <ResultRow
          key={c.id}
          to={`/directory/clients/${c.id}`}
          title={c.named}
          badges={
            c.blacklisted ? (
              <Badge color="red" variant="filled" radius="sm">
                Blacklisted
              </Badge>
            ) : (
              <Badge color="gray" variant="light" radius="sm" tt="none">
                {c.rating}
              </Badge>
            )
          }
          details={[c.email, c.phone, c.membership ? labelOf(MEMBERSHIPS, c.membership) : null]
            .filter(Boolean)
            .join(' · ')}
        />
      ))}
    </ResultList>
  );
}

export function SupplierResults({ suppliers }: { suppliers: SupplierItem[] }) {
  return (
    <ResultList label="Suppliers found">
      {suppliers.map((s) => (
        <ResultRow
          key={s.id}
          to={`/directory/suppliers/${s.id}`}
          title={s.named}
          badges={
            <Badge color="gray" variant="light" radius="sm" tt="none">
              {s.type}
            </Badge>
          }
          details={[s.currency, s.payment_terms_days === null ? null : `${s.payment_terms_days} days to pay`]
            .filter(Boolean)
            .join(' · ')}
        />
      ))}
    </ResultList>
  );
}

export function NoResults({
  what,
  text,
  hint = 'Try fewer words, part of a name, an email or a phone number.',
}: {
  what: string;
  text: string;
  hint?: string;
}) {
  return (
    <Stack gap={4} py="lg" align="center">
      <Text fw={600}>
        No {what} match “{text}”
      </Text>
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
    </Stack>
  );
}
