import type { RequestRecord } from '@app/shared/requests/requests.schemas';
import { Anchor, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../../../lib/format/format-date.ts';

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

/** Who the request is for and who works on it, where, and when. */
export function RequestDetails({ request }: { request: RequestRecord }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Request details">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md" verticalSpacing="sm">
        <Item label="Client">
          <Anchor component={Link} to={`/directory/clients/${request.client.id}`}>
            {request.client.name}
          </Anchor>
        </Item>
        <Item label="Company">{request.company.code}</Item>
        <Item label="FO manager">{request.fo_manager?.name ?? 'Not assigned'}</Item>
        <Item label="BO manager">{request.bo_manager?.name ?? 'Not assigned'}</Item>
        <Item label="Office">
          {request.office.title} ({request.office.ccy})
        </Item>
        <Item label="Dates">
          {request.date_from
            ? `${formatDate(request.date_from)} – ${formatDate(request.date_to)}`
            : 'No dates yet'}
        </Item>
        <Item label="Created">
          {formatDateTime(request.created_at)}
          {request.created_by ? ` by ${request.created_by.name}` : ''}
        </Item>
        <Item label="Updated">{formatDateTime(request.updated_at)}</Item>
        {request.canceled_at ? <Item label="Canceled">{formatDateTime(request.canceled_at)}</Item> : null}
        {request.kind === 'accounting' ? <Item label="Kind">Accounting request</Item> : null}
      </SimpleGrid>
      {request.description ? (
        <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {request.description}
        </Text>
      ) : null}
    </Paper>
  );
}
