import type { StatementImport } from '@app/shared/banking/statement-import.schemas';
import { Progress, Stack, Text } from '@mantine/core';

/** Step 3: how far the import is, from the polled import record. */
export function StatementProgressStep({ statement }: { statement: StatementImport }) {
  const percent =
    statement.rows_total > 0 ? Math.round((statement.rows_done / statement.rows_total) * 100) : 0;
  return (
    <Stack gap="sm" py="md">
      <Text size="sm">
        Importing <strong>{statement.file_name}</strong> into {statement.bank.named}…
      </Text>
      <Progress value={percent} size="lg" animated aria-label="Import progress" />
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="import-progress-text">
        {statement.rows_done.toLocaleString('en-GB')} of {statement.rows_total.toLocaleString('en-GB')} lines
        read
      </Text>
      <Text size="xs" c="dimmed">
        You may close this window: the import goes on, and its lines appear in the list when it is done.
      </Text>
    </Stack>
  );
}
