import { canAccess } from '@app/shared/auth/access';
import { XERO_ACCESS } from '@app/shared/xero/xero.access';
import type { XeroRecordKind } from '@app/shared/xero/xero.schemas';
import { Group, Loader, Text } from '@mantine/core';
import { useSignedInUser } from '../../lib/session/current-user.ts';
import { useXeroRecordStatus } from '../../lib/xero/get-xero-record-status.ts';
import { useXeroStatus } from '../../lib/xero/get-xero-status.ts';
import { recordStatusText } from '../../lib/xero/xero-text.ts';

/**
 * One line on a record's page saying where it stands in Xero: `In Xero since <date> · <id>`,
 * `Not in Xero yet` or `Xero refused it: <error>`. Only for Admin and Accountant, and only when
 * the server has Xero set up (otherwise every record would say "not yet" for nothing).
 */
export function XeroRecordStatusLine({ kind, id }: { kind: XeroRecordKind; id: number }) {
  const me = useSignedInUser();
  const allowed = canAccess(me, XERO_ACCESS);
  const status = useXeroStatus({ enabled: allowed });
  if (!allowed || !status.data?.configured) return null;
  return <Line kind={kind} id={id} />;
}

function Line({ kind, id }: { kind: XeroRecordKind; id: number }) {
  const record = useXeroRecordStatus(kind, id);
  if (record.isError) return null;
  return (
    <Group gap={6} wrap="nowrap" data-testid="xero-record-status">
      <Text size="sm" c="dimmed" fw={500}>
        Xero
      </Text>
      {record.data ? (
        <Text
          size="sm"
          c={record.data.status === 'failed' ? 'red' : record.data.status ? undefined : 'dimmed'}
        >
          {recordStatusText(record.data)}
        </Text>
      ) : (
        <Loader size={12} aria-label="Loading the Xero status" />
      )}
    </Group>
  );
}
