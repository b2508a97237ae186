import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { useSetArchived } from '../../api/archive-record.ts';
import type { EditableArea } from '../../api/directory-areas.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';

/** Archive (asking first) or restore a record. */
export function ArchiveAction({
  area,
  id,
  archived,
  name,
  noun,
}: {
  area: EditableArea;
  id: number;
  archived: boolean;
  name: string;
  /** `client`, `supplier`... for the question. */
  noun: string;
}) {
  const [asking, setAsking] = useState(false);
  const mutation = useSetArchived(area, id);

  if (archived) {
    return (
      <Button variant="default" loading={mutation.isPending} onClick={() => mutation.mutate(false)}>
        Restore
      </Button>
    );
  }
  return (
    <>
      <Button variant="default" color="red" onClick={() => setAsking(true)}>
        Archive
      </Button>
      <ConfirmDialog
        opened={asking}
        title={`Archive this ${noun}?`}
        confirmLabel="Archive"
        busy={mutation.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => mutation.mutate(true, { onSettled: () => setAsking(false) })}
      >
        <Text>
          <strong>{name}</strong> will no longer be offered in pickers or shown in the {noun} list. Its
          history and the documents that mention it are kept, and it can be restored at any time.
        </Text>
      </ConfirmDialog>
    </>
  );
}
