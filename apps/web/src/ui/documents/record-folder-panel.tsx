import { canAccess } from '@app/shared/auth/access';
import { DOCUMENTS_ACCESS } from '@app/shared/documents/documents.access';
import type { DocumentFile } from '@app/shared/documents/documents.schemas';
import { Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { DocumentRecordLink } from '../../lib/documents/documents-keys.ts';
import { useDocumentSettings } from '../../lib/documents/get-document-settings.ts';
import { useFiles } from '../../lib/documents/list-files.ts';
import { useEnsureRecordFolder, useRecordFolder } from '../../lib/documents/record-folder.ts';
import { type UploadInput, useUploads } from '../../lib/documents/use-uploads.ts';
import { errorDetail } from '../../lib/http/http-error.ts';
import { useSignedInUser } from '../../lib/session/current-user.ts';
import { FileDropZone, UploadFilesButton } from './file-drop-zone.tsx';
import { FilePreviewModal } from './file-preview-modal.tsx';
import { FilesTable } from './files-table.tsx';
import { UploadList } from './upload-list.tsx';

/** Files the panel lists; past it, "Open in Documents" shows the rest. */
const PANEL_FILES = 25;

type RecordRef = { request: { id: number; number: string } } | { client: { id: number; name: string } };

/**
 * The folder linked to one request or client, on its page (issue 14): its files with preview and
 * download, uploads by drop or button, and a link to it in Documents. A request has its folder
 * from its creation; a client's is made on the first upload. Only for the roles with Documents.
 */
export function RecordFolderPanel(props: RecordRef) {
  const me = useSignedInUser();
  if (!canAccess(me, DOCUMENTS_ACCESS)) return null;
  return <Panel {...props} />;
}

function Panel(props: RecordRef) {
  const titleId = useId();
  // a new object each render is fine: the queries compare their keys by value
  const link: DocumentRecordLink =
    'request' in props ? { request: props.request.id } : { client: props.client.id };
  const noun = 'request' in props ? 'request' : 'client';
  const folder = useRecordFolder(link);
  const folderId = folder.data?.id ?? null;
  const files = useFiles(folderId, { pageSize: PANEL_FILES });
  const ensure = useEnsureRecordFolder(link);
  const settings = useDocumentSettings();
  const [preview, setPreview] = useState<DocumentFile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const list = files.data?.pages[0]?.data ?? [];
  const total = files.data?.pages[0]?.meta.total ?? 0;
  const uploads = useUploads({
    maxBytes: settings.data?.max_file_bytes ?? null,
    existing: (id) => (id === folderId ? list.map((f) => f.name) : []),
  });

  const upload = async (inputs: UploadInput[]) => {
    setProblem(null);
    let target = folderId;
    if (target === null) {
      try {
        target = (await ensure.mutateAsync()).id;
      } catch (error) {
        setProblem(errorDetail(error) ?? `The ${noun}'s folder could not be made. Try again.`);
        return;
      }
    }
    uploads.add(target, inputs);
  };

  const openLink = folderId !== null ? `/documents?folder=${folderId}` : null;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={titleId}
      data-testid="record-folder"
    >
      <FileDropZone
        onFiles={(inputs) => void upload(inputs)}
        disabled={folder.isPending || folder.isError}
        dropText={`Drop to upload to this ${noun}'s folder`}
        testId="record-folder-drop"
      >
        <Stack gap="sm">
          <Group justify="space-between" align="center" gap="sm">
            <Stack gap={0}>
              <Title order={2} size="h4" id={titleId}>
                Documents
              </Title>
              {folder.data ? (
                <Text size="xs" c="dimmed">
                  Folder “{folder.data.name}”
                </Text>
              ) : null}
            </Stack>
            <Group gap="sm">
              {openLink ? (
                <Anchor component={Link} to={openLink} size="sm">
                  Open in Documents
                </Anchor>
              ) : null}
              <UploadFilesButton
                size="xs"
                onFiles={(inputs) => void upload(inputs)}
                disabled={folder.isPending || folder.isError || ensure.isPending}
              />
            </Group>
          </Group>
          {problem ? (
            <Text size="sm" c="red.8" role="alert">
              {problem}
            </Text>
          ) : null}
          <UploadList uploads={uploads} label={`Uploads to this ${noun}'s folder`} />
          {folder.isPending || (folderId !== null && files.isPending) ? (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                Loading documents…
              </Text>
            </Group>
          ) : folder.isError || files.isError ? (
            <Group gap="sm">
              <Text size="sm" c="red.8" role="alert">
                The documents could not be loaded.
              </Text>
              <Button
                size="xs"
                variant="default"
                onClick={() => void (folder.isError ? folder.refetch() : files.refetch())}
              >
                Try again
              </Button>
            </Group>
          ) : list.length === 0 ? (
            <Text size="sm" c="dimmed">
              {folderId === null
                ? `No documents for this ${noun} yet. Drop files here or use Upload files: a folder is made for them.`
                : `No documents in this ${noun}'s folder yet. Drop files here or use Upload files.`}
            </Text>
          ) : (
            <>
              <FilesTable
                files={list}
                label={`Documents of this ${noun}`}
                compact
                actions={{ onPreview: setPreview }}
              />
              {total > list.length && openLink ? (
                <Anchor component={Link} to={openLink} size="sm">
                  and {total - list.length} more: see them in Documents
                </Anchor>
              ) : null}
            </>
          )}
        </Stack>
      </FileDropZone>
      <FilePreviewModal file={preview} onClose={() => setPreview(null)} />
    </Paper>
  );
}
