import { canAccess } from '@app/shared/auth/access';
import { DOCUMENT_FOLDER_DELETE_ACCESS } from '@app/shared/documents/documents.access';
import type { DocumentFolderDetail } from '@app/shared/documents/documents.schemas';
import {
  ActionIcon,
  Anchor,
  Box,
  Breadcrumbs,
  Button,
  Group,
  Loader,
  Menu,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { Link } from 'react-router';
import { useFiles } from '../../../lib/documents/list-files.ts';
import type { UploadInput, Uploads } from '../../../lib/documents/use-uploads.ts';
import { useSignedInUser } from '../../../lib/session/current-user.ts';
import { FileDropZone, UploadFilesButton } from '../../../ui/documents/file-drop-zone.tsx';
import type { FileActions } from '../../../ui/documents/files-table.tsx';
import { FilesTable } from '../../../ui/documents/files-table.tsx';
import { UploadList } from '../../../ui/documents/upload-list.tsx';

/** What the folder's menu asks the page for. */
export interface FolderActions {
  onNewFolder: (inside: DocumentFolderDetail) => void;
  onRename: (folder: DocumentFolderDetail) => void;
  onMove: (folder: DocumentFolderDetail) => void;
  onDelete: (folder: DocumentFolderDetail) => void;
  /** Opens a folder, or none (the top). */
  onOpen: (id: number | null) => void;
}

/**
 * The chosen folder: where it is (each folder above it a link), its record when linked, its menu,
 * and its files with the uploads to it; files are dropped anywhere on it.
 */
export function FolderPane({
  folder,
  uploads,
  fileActions,
  folderActions,
}: {
  folder: DocumentFolderDetail;
  uploads: Uploads;
  fileActions: FileActions;
  folderActions: FolderActions;
}) {
  const me = useSignedInUser();
  const files = useFiles(folder.id);
  const list = files.data?.pages.flatMap((p) => p.data) ?? [];
  const total = files.data?.pages[0]?.meta.total ?? 0;
  const canDelete = canAccess(me, DOCUMENT_FOLDER_DELETE_ACCESS);
  const upload = (inputs: UploadInput[]) => uploads.add(folder.id, inputs);
  const mine = { ...uploads, items: uploads.items.filter((i) => i.folder === folder.id) };

  return (
    <FileDropZone onFiles={upload} dropText={`Drop to upload to “${folder.name}”`}>
      <Stack gap="sm" mih={320}>
        <Box component="nav" aria-label="Folder path">
          <Breadcrumbs separator="›" separatorMargin={4}>
            <UnstyledButton fz="sm" c="blue.8" onClick={() => folderActions.onOpen(null)}>
              All folders
            </UnstyledButton>
            {folder.path.map((p) => (
              <UnstyledButton key={p.id} fz="sm" c="blue.8" onClick={() => folderActions.onOpen(p.id)}>
                {p.name}
              </UnstyledButton>
            ))}
            <Text size="sm" c="dimmed" aria-current="location">
              {folder.name}
            </Text>
          </Breadcrumbs>
        </Box>
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={0} miw={0} style={{ flex: 1 }}>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }} data-testid="folder-title">
              {folder.name}
            </Title>
            <Text size="xs" c="dimmed">
              {files.isPending ? ' ' : `${total} file${total === 1 ? '' : 's'}`}
              {folder.request !== null ? (
                <>
                  {' · the folder of '}
                  <Anchor component={Link} to={`/requests/${folder.request}`} size="xs">
                    its request
                  </Anchor>
                </>
              ) : folder.client !== null ? (
                <>
                  {' · the folder of '}
                  <Anchor component={Link} to={`/directory/clients/${folder.client}`} size="xs">
                    its client
                  </Anchor>
                </>
              ) : null}
            </Text>
          </Stack>
          <Group gap="xs">
            <UploadFilesButton onFiles={upload} />
            <Menu position="bottom-end" shadow="md" withinPortal>
              <Menu.Target>
                <ActionIcon variant="default" size="lg" aria-label={`Folder actions for ${folder.name}`}>
                  <span aria-hidden="true" style={{ fontSize: 18, lineHeight: 1 }}>
                    ⋯
                  </span>
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => folderActions.onNewFolder(folder)}>New folder inside</Menu.Item>
                <Menu.Item onClick={() => folderActions.onRename(folder)}>Rename</Menu.Item>
                <Menu.Item onClick={() => folderActions.onMove(folder)}>Move to another folder</Menu.Item>
                {canDelete ? (
                  <>
                    <Menu.Divider />
                    <Menu.Item color="red" onClick={() => folderActions.onDelete(folder)}>
                      Delete folder
                    </Menu.Item>
                  </>
                ) : null}
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        <UploadList uploads={mine} label={`Uploads to ${folder.name}`} />
        {files.isPending ? (
          <Group gap="xs" py="lg" justify="center">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              Loading files…
            </Text>
          </Group>
        ) : files.isError ? (
          <Group gap="sm" py="lg" justify="center">
            <Text size="sm" c="red.8" role="alert">
              The files could not be loaded.
            </Text>
            <Button size="xs" variant="default" onClick={() => void files.refetch()}>
              Try again
            </Button>
          </Group>
        ) : list.length === 0 ? (
          <Stack
            gap={4}
            align="center"
            py={48}
            style={{
              border: '1px dashed var(--mantine-color-gray-4)',
              borderRadius: 'var(--mantine-radius-md)',
            }}
          >
            <Text fw={500}>No files in this folder yet</Text>
            <Text size="sm" c="dimmed">
              Drop files here, or use Upload files. Several at once are fine.
            </Text>
          </Stack>
        ) : (
          <>
            <FilesTable files={list} label={`Files in ${folder.name}`} actions={fileActions} />
            {files.hasNextPage ? (
              <Group justify="center">
                <Button
                  variant="subtle"
                  size="xs"
                  loading={files.isFetchingNextPage}
                  onClick={() => void files.fetchNextPage()}
                >
                  Show more files ({total - list.length} more)
                </Button>
              </Group>
            ) : null}
          </>
        )}
      </Stack>
    </FileDropZone>
  );
}
