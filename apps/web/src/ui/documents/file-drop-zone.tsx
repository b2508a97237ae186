import { Box, Button, FileButton, Text } from '@mantine/core';
import { type DragEvent, type ReactNode, useRef, useState } from 'react';
import { dragHasFiles, droppedFiles } from '../../lib/documents/dropped-files.ts';
import type { UploadInput } from '../../lib/documents/use-uploads.ts';

/**
 * A region files can be dropped on (several at once), outlined while files are dragged over it,
 * with what it says then. Folders dropped are passed on marked, so the list can refuse them.
 */
export function FileDropZone({
  onFiles,
  disabled = false,
  dropText,
  children,
  testId = 'file-drop-zone',
}: {
  onFiles: (files: UploadInput[]) => void;
  disabled?: boolean;
  /** Said over the region while files are dragged over it. */
  dropText: string;
  children: ReactNode;
  testId?: string;
}) {
  const [over, setOver] = useState(false);
  // dragenter and dragleave fire for every child crossed: count them
  const depth = useRef(0);
  const reset = () => {
    depth.current = 0;
    setOver(false);
  };
  const events = disabled
    ? {}
    : {
        onDragEnter: (event: DragEvent<HTMLDivElement>) => {
          if (!dragHasFiles(event.dataTransfer)) return;
          event.preventDefault();
          depth.current += 1;
          setOver(true);
        },
        onDragOver: (event: DragEvent<HTMLDivElement>) => {
          if (!dragHasFiles(event.dataTransfer)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        },
        onDragLeave: () => {
          depth.current = Math.max(0, depth.current - 1);
          if (depth.current === 0) setOver(false);
        },
        onDrop: (event: DragEvent<HTMLDivElement>) => {
          event.preventDefault();
          reset();
          const files = droppedFiles(event.dataTransfer);
          if (files.length > 0) onFiles(files);
        },
      };
  return (
    <Box pos="relative" data-testid={testId} data-over={over || undefined} {...events}>
      {children}
      {over ? (
        <Box
          pos="absolute"
          inset={0}
          style={{
            border: '2px dashed var(--mantine-color-blue-6)',
            borderRadius: 'var(--mantine-radius-md)',
            background: 'rgba(231, 245, 255, 0.92)',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            pointerEvents: 'none',
            zIndex: 2,
          }}
        >
          <Text fw={600} c="blue.9">
            {dropText}
          </Text>
        </Box>
      ) : null}
    </Box>
  );
}

/** "Upload files": the browser's chooser, several files at once (the keyboard's way in). */
export function UploadFilesButton({
  onFiles,
  disabled = false,
  label = 'Upload files',
  size = 'sm',
  variant = 'filled',
}: {
  onFiles: (files: UploadInput[]) => void;
  disabled?: boolean;
  label?: string;
  size?: 'xs' | 'sm';
  variant?: 'filled' | 'default' | 'light';
}) {
  return (
    <FileButton multiple onChange={(files) => onFiles(files.map((file) => ({ file })))} disabled={disabled}>
      {(props) => (
        <Button {...props} size={size} variant={variant} disabled={disabled}>
          {label}
        </Button>
      )}
    </FileButton>
  );
}
