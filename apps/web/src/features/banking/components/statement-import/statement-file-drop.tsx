import { Box, Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { type DragEvent, useId, useState } from 'react';
import { STATEMENT_ACCEPT } from './statement-file.ts';

/**
 * Where the statement is dropped or chosen, showing its name and size once chosen. The drop area
 * is a convenience for the mouse; the button serves the keyboard.
 */
export function StatementFileDrop({
  value,
  error,
  onChange,
}: {
  value: File | null;
  error: string | null;
  onChange: (file: File | null) => void;
}) {
  const [over, setOver] = useState(false);
  const id = useId();
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onChange(file);
  };
  return (
    <Input.Wrapper
      label="Statement file"
      required
      error={error}
      description="The bank's CSV export: a header row, then one line per transaction (at most 10 MB)"
      id={id}
    >
      <Box
        mt={4}
        p="lg"
        data-testid="statement-file-drop"
        data-over={over || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        style={{
          border: `1px dashed var(--mantine-color-${error ? 'red-6' : over ? 'blue-6' : 'gray-5'})`,
          borderRadius: 'var(--mantine-radius-md)',
          background: over ? 'var(--mantine-color-blue-0)' : 'var(--mantine-color-gray-0)',
        }}
      >
        <Group justify="space-between" wrap="wrap" gap="sm">
          {value ? (
            <Stack gap={0} miw={0} style={{ flex: 1 }}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="statement-file-name">
                {value.name}
              </Text>
              <Text size="xs" c="dimmed">
                {Math.max(1, Math.round(value.size / 1024))} KB
              </Text>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              Drop the CSV file here, or choose it.
            </Text>
          )}
          <FileButton
            onChange={(file) => onChange(file)}
            accept={STATEMENT_ACCEPT}
            inputProps={{ 'aria-label': 'Statement file', id: `${id}-input` } as never}
          >
            {(props) => (
              <Button {...props} variant="default" size="xs">
                {value ? 'Choose another' : 'Choose a file'}
              </Button>
            )}
          </FileButton>
        </Group>
      </Box>
    </Input.Wrapper>
  );
}
