import type { XeroSyncRun } from '@app/shared/xero/xero.schemas';
import { Button, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/format/format-date.ts';
import { failedText } from '../../../lib/xero/xero-text.ts';

const KIND_LABEL: Record<XeroSyncRun['errors'][number]['kind'], string> = {
  client: 'Client',
  supplier: 'Supplier',
  invoice: 'Invoice',
  bill: 'Bill',
  payment: 'Payment',
};

/** "See what failed": each record a run could not sync, with Xero's words. */
export function XeroFailuresDialog({
  run,
  opened,
  onClose,
}: {
  run: XeroSyncRun | null;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened && run !== null} onClose={onClose} title="What Xero refused" size="lg" centered>
      {run ? (
        <Stack gap="md">
          <Text size="sm">
            {failedText(run.failed)} in the sync of {formatDateTime(run.finished_at ?? run.created_at)}. Fix
            them here and sync again.
          </Text>
          <ScrollArea.Autosize mah={400}>
            <Table striped withTableBorder aria-label="Records that failed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Record</Table.Th>
                  <Table.Th>Xero says</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {run.errors.map((e) => (
                  <Table.Tr key={`${e.kind}-${e.record_id}`}>
                    <Table.Td>
                      <Text size="xs" c="dimmed">
                        {KIND_LABEL[e.kind]}
                      </Text>
                      <Text size="sm">{e.label}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{e.message}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-autofocus>
              Close
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
