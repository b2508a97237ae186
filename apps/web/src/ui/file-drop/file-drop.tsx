import { Box, Button, FileButton, Group, Input, type MantineSpacing, Stack, Text } from '@mantine/core';
import { type DragEvent, useId, useState } from 'react';

/**
 * Where one file is dropped or chosen, showing its name and size once chosen. The drop area is a
 * convenience for the mouse; the buttons serve the keyboard. An optional file can be removed.
 * What the file must be is the owner's check: `accept` only narrows the browser's chooser.
 */
export function FileDrop({
  value,
  onChange,
  error,
  label,
  required = false,
  description,
  accept,
  emptyText,
  formatSize,
  testId,
  padding = 'md',
}: {
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string | null | undefined;
  label: string;
  required?: boolean;
  /** The hint under the label: the types and the largest size taken. */
  description: string;
  accept: string;
  /** What the empty area says. */
  emptyText: string;
  formatSize: (bytes: number) => string;
  /** `<testId>-drop` on the area, `<testId>-name` on the chosen file's name. */
  testId: string;
  padding?: MantineSpacing;
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
    <Input.Wrapper label={label} required={required} error={error} description={description} id={id}>
      <Box
        mt={4}
        p={padding}
        data-testid={`${testId}-drop`}
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
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid={`${testId}-name`}>
                {value.name}
              </Text>
              <Text size="xs" c="dimmed">
                {formatSize(value.size)}
              </Text>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {emptyText}
            </Text>
          )}
          <Group gap="xs">
            <FileButton
              onChange={(file) => onChange(file)}
              accept={accept}
              inputProps={{ 'aria-label': label, id: `${id}-input` } as never}
            >
              {(props) => (
                <Button {...props} variant="default" size="xs">
                  {value ? 'Choose another' : 'Choose a file'}
                </Button>
              )}
            </FileButton>
            {value && !required ? (
              <Button variant="subtle" size="xs" color="gray" onClick={() => onChange(null)}>
                Remove
              </Button>
            ) : null}
          </Group>
        </Group>
      </Box>
    </Input.Wrapper>
  );
}
