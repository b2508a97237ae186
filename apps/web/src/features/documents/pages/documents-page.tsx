import type { ListResult } from '@app/shared/api/envelope';
import type {
  DocumentFile,
  DocumentFolder,
  DocumentFolderDetail,
} from '@app/shared/documents/documents.schemas';
import { Button, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { documentsKeys } from '../../../lib/documents/documents-keys.ts';
import { useDocumentSettings } from '../../../lib/documents/get-document-settings.ts';
import { useFolder } from '../../../lib/documents/get-folder.ts';
import { useUploads } from '../../../lib/documents/use-uploads.ts';
import { isHttpError } from '../../../lib/http/http-error.ts';
import { FilePreviewModal } from '../../../ui/documents/file-preview-modal.tsx';
import { DeleteFolderDialog } from '../components/delete-folder-dialog.tsx';
import { DeleteFileDialog, FileDialog } from '../components/file-dialogs.tsx';
import { FolderDialog, type FolderDialogMode } from '../components/folder-dialog.tsx';
import { FolderPane } from '../components/folder-pane.tsx';
import { FolderTree } from '../components/folder-tree.tsx';

/** `?folder=` as a folder id, or null (absent or not a plain positive number). */
export function folderParam(raw: string | null): number | null {
  return raw && /^\d{1,10}$/.test(raw) && Number(raw) > 0 && Number(raw) <= 2_147_483_647
    ? Number(raw)
    : null;
}

/**
 * /documents (Admin, FO, BO): the folder tree on the left, the chosen folder's files on the right
 * with uploads (drop or button, several at once, each with its progress), previews of images and
 * PDFs, and what may be done with folders and files. The chosen folder is `?folder=` in the address.
 */
export function DocumentsPage() {
  const [params, setParams] = useSearchParams();
  const selected = folderParam(params.get('folder'));
  const folder = useFolder(selected);
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const [folderDialog, setFolderDialog] = useState<FolderDialogMode | null>(null);
  const [deleting, setDeleting] = useState<DocumentFolderDetail | null>(null);
  const [fileDialog, setFileDialog] = useState<{
    kind: 'rename' | 'move';
    file: DocumentFile;
    open: number[];
  } | null>(null);
  const [deletingFile, setDeletingFile] = useState<DocumentFile | null>(null);
  const [preview, setPreview] = useState<DocumentFile | null>(null);
  const client = useQueryClient();
  const settings = useDocumentSettings();
  // the folder chosen in the tree, known before its details arrive (a quick "New folder" goes in it)
  const [picked, setPicked] = useState<DocumentFolder | null>(null);
  const current = folder.data ?? (picked?.id === selected ? picked : null);

  const existing = useCallback(
    (id: number) =>
      client
        .getQueryData<InfiniteData<ListResult<DocumentFile>>>(documentsKeys.filesOf(id))
        ?.pages.flatMap((p) => p.data.map((f) => f.name)) ?? [],
    [client],
  );
  const uploads = useUploads({ maxBytes: settings.data?.max_file_bytes ?? null, existing });

  // The tree opens at the chosen folder (from the address, or after a move).
  const path = folder.data?.path;
  useEffect(() => {
    if (!path?.length) return;
    setExpanded((prev) =>
      path.every((p) => prev.has(p.id)) ? prev : new Set([...prev, ...path.map((p) => p.id)]),
    );
  }, [path]);

  const open = (id: number | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id === null) next.delete('folder');
        else next.set('folder', String(id));
        return next;
      },
      { replace: false },
    );
  const toggle = (id: number, opened: boolean) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (opened) next.add(id);
      else next.delete(id);
      return next;
    });
  const pathIds = (f: DocumentFolderDetail) => [...f.path.map((p) => p.id), f.id];

  const gone =
    selected !== null && folder.isError && isHttpError(folder.error) && folder.error.status === 404;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1} size="h2">
          Documents
        </Title>
        <Button
          onClick={() =>
            setFolderDialog({
              kind: 'create',
              parent: current ? { id: current.id, name: current.name } : null,
              open: folder.data ? pathIds(folder.data) : current?.parent ? [current.parent] : [],
            })
          }
        >
          New folder
        </Button>
      </Group>
      <Grid gap="md" align="flex-start">
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <Paper
            withBorder
            radius="md"
            p="xs"
            component="nav"
            aria-label="Folder tree"
            mah="calc(100vh - 170px)"
            style={{ overflowY: 'auto', position: 'sticky', top: 16 }}
          >
            <FolderTree
              label="Folders"
              selected={selected}
              onSelect={(f: DocumentFolder) => {
                setPicked(f);
                open(f.id);
              }}
              expanded={expanded}
              onToggle={toggle}
              emptyText="There are no folders yet. Make one with New folder."
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <Paper withBorder radius="md" p="md" component="section" aria-label="Folder">
            {selected === null ? (
              <Stack gap={4} align="center" py={64}>
                <Text fw={500}>Choose a folder</Text>
                <Text size="sm" c="dimmed">
                  Its files show here: upload, preview, download, rename, move or delete them.
                </Text>
              </Stack>
            ) : gone ? (
              <Stack gap={6} align="center" py={64}>
                <Text fw={500}>This folder does not exist</Text>
                <Text size="sm" c="dimmed">
                  It may have been deleted, or the address is wrong.
                </Text>
                <Button variant="default" size="xs" onClick={() => open(null)}>
                  Back to all folders
                </Button>
              </Stack>
            ) : folder.isError ? (
              <Group gap="sm" py={64} justify="center">
                <Text c="red.8" role="alert">
                  The folder could not be loaded.
                </Text>
                <Button size="xs" variant="default" onClick={() => void folder.refetch()}>
                  Try again
                </Button>
              </Group>
            ) : !folder.data ? (
              <Group gap="xs" py={64} justify="center">
                <Loader size="sm" />
                <Text c="dimmed">Loading the folder…</Text>
              </Group>
            ) : (
              <FolderPane
                folder={folder.data}
                uploads={uploads}
                fileActions={{
                  onPreview: setPreview,
                  onRename: (file) => setFileDialog({ kind: 'rename', file, open: [] }),
                  onMove: (file) => setFileDialog({ kind: 'move', file, open: pathIds(folder.data!) }),
                  onDelete: setDeletingFile,
                }}
                folderActions={{
                  onOpen: open,
                  onNewFolder: (inside) =>
                    setFolderDialog({
                      kind: 'create',
                      parent: { id: inside.id, name: inside.name },
                      open: pathIds(inside),
                    }),
                  onRename: (f) => setFolderDialog({ kind: 'rename', folder: f }),
                  onMove: (f) => setFolderDialog({ kind: 'move', folder: f }),
                  onDelete: setDeleting,
                }}
              />
            )}
          </Paper>
        </Grid.Col>
      </Grid>
      <FolderDialog
        mode={folderDialog}
        onClose={() => setFolderDialog(null)}
        onSaved={(saved) => {
          if (saved.parent !== null) toggle(saved.parent, true);
          if (folderDialog?.kind === 'create') open(saved.id);
          else void client.invalidateQueries({ queryKey: documentsKeys.folder(saved.id) });
        }}
      />
      <DeleteFolderDialog
        folder={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(f) => open(f.path.at(-1)?.id ?? null)}
      />
      <FileDialog target={fileDialog} onClose={() => setFileDialog(null)} />
      <DeleteFileDialog file={deletingFile} onClose={() => setDeletingFile(null)} />
      <FilePreviewModal file={preview} onClose={() => setPreview(null)} />
    </Stack>
  );
}

export default DocumentsPage;
