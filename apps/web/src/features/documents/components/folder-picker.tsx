import type { DocumentFolder } from '@app/shared/documents/documents.schemas';
import { Box, Input, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { FolderTree } from './folder-tree.tsx';

/** Where something goes: a folder, or the top level (null) when that is allowed. */
export type PickedFolder = { id: number; name: string } | null;

/**
 * A folder chosen from the tree, in a dialog (new folder's place, a move's destination): the tree
 * opens at the folders given in `open`; the folder being moved cannot be chosen nor opened.
 */
export function FolderPicker({
  label,
  value,
  onChange,
  allowTop,
  disabledId,
  open = [],
  error,
}: {
  label: string;
  value: PickedFolder;
  onChange: (folder: PickedFolder) => void;
  allowTop: boolean;
  disabledId?: number | undefined;
  open?: readonly number[];
  error?: string | null | undefined;
}) {
  const id = useId();
  const [expanded, setExpanded] = useState<Set<number>>(() => new Set(open));
  return (
    <Input.Wrapper
      label={label}
      error={error}
      id={id}
      description={`Chosen: ${value ? value.name : 'the top level'}`}
    >
      <Box
        mt={4}
        p={4}
        mah={280}
        style={{
          overflowY: 'auto',
          border: `1px solid var(--mantine-color-${error ? 'red-6' : 'gray-4'})`,
          borderRadius: 'var(--mantine-radius-sm)',
        }}
      >
        <FolderTree
          label={label}
          selected={value?.id ?? null}
          onSelect={(folder: DocumentFolder) => onChange({ id: folder.id, name: folder.name })}
          expanded={expanded}
          onToggle={(folder, opened) =>
            setExpanded((prev) => {
              const next = new Set(prev);
              if (opened) next.add(folder);
              else next.delete(folder);
              return next;
            })
          }
          disabledId={disabledId}
          top={
            allowTop
              ? { label: 'Top level', selected: value === null, onSelect: () => onChange(null) }
              : undefined
          }
          emptyText={<Text size="sm">There are no folders yet.</Text>}
        />
      </Box>
    </Input.Wrapper>
  );
}
