import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@app/shared/directory/index';
import { Alert, FileInput, List, Stack, Text } from '@mantine/core';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function fileProblem(file: File): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return 'Choose a .csv or .xlsx file.';
  if (file.size === 0) return 'The file is empty.';
  if (file.size > IMPORT_MAX_BYTES) return `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`;
  return null;
}

export function UploadStep({
  noun,
  file,
  error,
  onFile,
}: {
  noun: string;
  file: File | null;
  error: string | null;
  onFile: (file: File | null) => void;
}) {
  return (
    <Stack gap="md">
      <Text>
        Choose a CSV or Excel (.xlsx) file of {noun}. The first row must hold the column names; you will match
        them to the fields next.
      </Text>
      <List size="sm" c="dimmed">
        <List.Item>
          Up to {IMPORT_MAX_ROWS.toLocaleString('en-GB')} rows and {IMPORT_MAX_BYTES / 1024 / 1024} MB.
        </List.Item>
        <List.Item>Rows that match an existing record are skipped, never overwritten.</List.Item>
        <List.Item>Rows with invalid values are refused and listed in the report with the reason.</List.Item>
      </List>
      <FileInput
        label="File"
        placeholder="Choose a file"
        accept={ACCEPT}
        value={file}
        onChange={onFile}
        clearable
        error={error}
        required
      />
      {error ? null : file ? (
        <Alert color="blue" variant="light">
          {file.name} ({Math.max(1, Math.round(file.size / 1024))} KB)
        </Alert>
      ) : null}
    </Stack>
  );
}
