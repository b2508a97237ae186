import type { DocumentFile } from '@app/shared/documents/documents.schemas';
import { Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { fileTypeLabel, formatFileSize, previewKind } from '../../lib/documents/document-format.ts';
import {
  documentFetchProblem,
  downloadDocument,
  useDocumentPreview,
} from '../../lib/documents/download-document.ts';

/** An object URL for a Blob (typed as the server said), let go when the Blob changes or the modal goes. */
function useObjectUrl(blob: Blob | undefined, type: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob.type === type ? blob : new Blob([blob], { type }));
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob, type]);
  return url;
}

/**
 * An image or a PDF shown in a modal: fetched with the token from the download's inline answer
 * (served with a strict CSP) and shown from an object URL, as `<img>` or the browser's PDF viewer.
 */
export function FilePreviewModal({
  file: target,
  onClose,
}: {
  file: DocumentFile | null;
  onClose: () => void;
}) {
  // keeps the file on screen while the modal fades out after `file` is cleared
  const last = useRef(target);
  if (target) last.current = target;
  const file = target ?? last.current;
  const preview = useDocumentPreview(target);
  const kind = file ? previewKind(file.mime) : null;
  const url = useObjectUrl(target ? preview.data : undefined, file?.mime ?? '');
  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={file ? file.name : 'Preview'}
      size={kind === 'pdf' ? '80rem' : 'xl'}
      centered
    >
      {file ? (
        <Stack gap="sm">
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {fileTypeLabel(file.mime)}, {formatFileSize(file.size)}
            </Text>
            <Button variant="default" size="xs" onClick={() => void downloadDocument(file)}>
              Download
            </Button>
          </Group>
          {preview.isError ? (
            <Text c="red.8" role="alert">
              {documentFetchProblem(preview.error, file.name)}
            </Text>
          ) : !url ? (
            <Center h={240}>
              <Group gap="xs">
                <Loader size="sm" aria-hidden="true" />
                <Text c="dimmed">Loading the preview…</Text>
              </Group>
            </Center>
          ) : kind === 'pdf' ? (
            <iframe
              src={url}
              title={`Preview of ${file.name}`}
              style={{ width: '100%', height: '75vh', minHeight: 420, border: 0, borderRadius: 8 }}
            />
          ) : (
            <Center>
              <img
                src={url}
                alt={`Preview of ${file.name}`}
                style={{ maxWidth: '100%', maxHeight: '75vh', height: 'auto', borderRadius: 8 }}
              />
            </Center>
          )}
        </Stack>
      ) : null}
    </Modal>
  );
}
