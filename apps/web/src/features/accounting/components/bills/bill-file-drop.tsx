import { Box, Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { type DragEvent, useId, useState } from 'react';
import { BILL_FILE_ACCEPT, formatFileSize } from './bill-file.ts';

/**
 * Where the bill's file is dropped or chosen (one PDF or image), showing its name and size once
 * chosen. The drop area is a convenience for the mouse; the buttons serve the keyboard.
 */
export function BillFileDrop({
  value,
  onChange,
  error,
  label = 'File',
  required = false,
  description,
}: {
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string | undefined;
  label?: string;
  required?: boolean;
  description?: string;
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
      label={label}
      required={required}
      error={error}
      description={description ?? 'PDF, PNG, JPEG or WebP, at most 10 MB'}
      id={id}
    >
      <Box
        mt={4}
        p="md"
        data-testid="bill-file-drop"
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
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="bill-file-name">
                {value.name}
              </Text>
              <Text size="xs" c="dimmed">
                {formatFileSize(value.size)}
              </Text>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              Drop the supplier's invoice here, or choose the file.
            </Text>
          )}
          <Group gap="xs">
            <FileButton
              onChange={(file) => onChange(file)}
              accept={BILL_FILE_ACCEPT}
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
