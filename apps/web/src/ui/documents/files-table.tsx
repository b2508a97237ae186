import type { DocumentFile } from '@app/shared/documents/documents.schemas';
import { ActionIcon, Menu, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { fileTypeLabel, formatFileSize, previewKind } from '../../lib/documents/document-format.ts';
import { downloadDocument } from '../../lib/documents/download-document.ts';
import { formatDateTime } from '../../lib/format/format-date.ts';

export interface FileActions {
  onPreview: (file: DocumentFile) => void;
  onRename?: (file: DocumentFile) => void;
  onMove?: (file: DocumentFile) => void;
  onDelete?: (file: DocumentFile) => void;
}

/**
 * A folder's files: name (opens the preview of an image or PDF, else downloads), type, size, who
 * uploaded it and when, and a menu of what may be done with it. `compact` leaves out the type and
 * the uploader (the record pages' panel).
 */
export function FilesTable({
  files,
  label,
  actions,
  compact = false,
}: {
  files: DocumentFile[];
  label: string;
  actions: FileActions;
  compact?: boolean;
}) {
  return (
    <Table.ScrollContainer minWidth={compact ? 420 : 640}>
      <Table verticalSpacing={6} aria-label={label} highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            {compact ? null : <Table.Th>Type</Table.Th>}
            <Table.Th style={{ textAlign: 'right' }}>Size</Table.Th>
            {compact ? null : <Table.Th>Uploaded by</Table.Th>}
            <Table.Th>Date</Table.Th>
            <Table.Th w={44}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((file) => (
            <Table.Tr key={file.id} data-testid="file-row">
              <Table.Td style={{ maxWidth: 360 }}>
                <UnstyledButton
                  fz="sm"
                  fw={500}
                  c="blue.8"
                  td="underline"
                  style={{ overflowWrap: 'anywhere', textAlign: 'left' }}
                  onClick={() =>
                    previewKind(file.mime) ? actions.onPreview(file) : void downloadDocument(file)
                  }
                  aria-label={previewKind(file.mime) ? `Preview ${file.name}` : `Download ${file.name}`}
                >
                  {file.name}
                </UnstyledButton>
              </Table.Td>
              {compact ? null : (
                <Table.Td>
                  <Text size="sm">{fileTypeLabel(file.mime)}</Text>
                </Table.Td>
              )}
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatFileSize(file.size)}</Text>
              </Table.Td>
              {compact ? null : (
                <Table.Td>
                  <Text size="sm">{file.uploaded_by?.name ?? '—'}</Text>
                </Table.Td>
              )}
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatDateTime(file.created_at)}</Text>
              </Table.Td>
              <Table.Td>
                <FileMenu file={file} actions={actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function FileMenu({ file, actions }: { file: DocumentFile; actions: FileActions }) {
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray.8" aria-label={`Actions for ${file.name}`}>
          <span aria-hidden="true" style={{ fontSize: 18, lineHeight: 1 }}>
            ⋯
          </span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {previewKind(file.mime) ? (
          <Menu.Item onClick={() => actions.onPreview(file)}>Preview</Menu.Item>
        ) : null}
        <Menu.Item onClick={() => void downloadDocument(file)}>Download</Menu.Item>
        {actions.onRename ? <Menu.Item onClick={() => actions.onRename?.(file)}>Rename</Menu.Item> : null}
        {actions.onMove ? (
          <Menu.Item onClick={() => actions.onMove?.(file)}>Move to another folder</Menu.Item>
        ) : null}
        {actions.onDelete ? (
          <>
            <Menu.Divider />
            <Menu.Item color="red" onClick={() => actions.onDelete?.(file)}>
              Delete
            </Menu.Item>
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
