import type { StatementImport } from '@app/shared/banking/statement-import.schemas';
import { Alert, SimpleGrid, Stack, Text } from '@mantine/core';
import { RefusedTable } from './statement-preview-step.tsx';

function Figure({
  label,
  value,
  color,
  testId,
}: {
  label: string;
  value: number;
  color: string;
  testId: string;
}) {
  return (
    <Stack gap={0} align="center">
      <Text fz={28} fw={700} c={color} data-testid={testId}>
        {value.toLocaleString('en-GB')}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/** Step 4: what the import did: lines entered, duplicates skipped, lines refused and why. */
export function StatementReportStep({ statement }: { statement: StatementImport }) {
  const failed = statement.status === 'failed';
  return (
    <Stack gap="md" aria-live="polite">
      {failed ? (
        <Alert color="red" title="Import stopped" role="alert">
          The import of {statement.file_name} stopped after {statement.rows_done} of {statement.rows_total}{' '}
          lines; the lines counted below were entered. Import the file again: lines already in are skipped.
        </Alert>
      ) : (
        <Alert
          color={statement.rows_imported > 0 ? 'green' : 'yellow'}
          variant="light"
          title="Import finished"
        >
          {statement.rows_imported} of {statement.rows_total}{' '}
          {statement.rows_total === 1 ? 'line was' : 'lines were'} entered on {statement.bank.named}.
        </Alert>
      )}
      <SimpleGrid cols={3}>
        <Figure label="Imported" value={statement.rows_imported} color="green.8" testId="import-imported" />
        <Figure
          label="Duplicates skipped"
          value={statement.rows_duplicate}
          color="yellow.9"
          testId="import-duplicates"
        />
        <Figure label="Refused" value={statement.refused.length} color="red.8" testId="import-refused" />
      </SimpleGrid>
      <RefusedTable refused={statement.refused} />
    </Stack>
  );
}
