import type { AccountStatus } from '@app/shared/value-lists';
import { Alert, Anchor, Group, Text } from '@mantine/core';

/** "a Confirmed line", "an Invoiced line". */
const aLine = (status: AccountStatus) => `${/^[AEIOU]/.test(status) ? 'an' : 'a'} ${status} line`;

/**
 * Above the requests table when the URL filters on a line's status (the workspace's "Requests to
 * invoice" link): the filter bar has no control for it, so this says it and takes it off.
 */
export function LineStatusNote({ status, onShowAll }: { status: AccountStatus; onShowAll: () => void }) {
  return (
    <Alert variant="light" color="blue" role="status" py="xs" mb="sm">
      <Group gap={6} wrap="wrap">
        <Text size="sm">Showing requests with {aLine(status)}</Text>
        <Text size="sm" c="dimmed" aria-hidden>
          ·
        </Text>
        <Anchor component="button" type="button" size="sm" onClick={onShowAll}>
          Show all
        </Anchor>
      </Group>
    </Alert>
  );
}
