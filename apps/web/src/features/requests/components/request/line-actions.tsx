import type { RequestLine } from '@app/shared/requests/requests.schemas';
import { isLegalLineMove, type LineStatusChange } from '@app/shared/requests/requests.status';
import { ActionIcon, Menu, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isHttpError } from '../../../../lib/http/http-error.ts';
import { ConfirmDialog } from '../../../../ui/confirm-dialog/confirm-dialog.tsx';
import { toast } from '../../../../ui/toasts/toast-store.ts';
import { useDeleteLine } from '../../api/delete-line.ts';
import { useMoveLineStatus } from '../../api/move-line-status.ts';
import { refreshRequest } from '../../api/request-mutation.ts';
import { lineTitle } from './line-parts.tsx';
import type { RequestAbilities } from './request-permissions.ts';

interface Move {
  to: LineStatusChange | null;
  label: string;
  done: string;
}

const MOVES: Move[] = [
  { to: 'Confirmed', label: 'Confirm', done: 'Line confirmed: its rates are stamped.' },
  {
    to: null,
    label: 'Undo confirm',
    done: 'Confirmation undone: the margin follows the current rates again.',
  },
  { to: 'Canceled', label: 'Cancel line', done: 'Line canceled.' },
];

/** A 409 is not toasted by the HTTP layer: say it, and read the request again. */
function useStaleNotice(requestId: number) {
  const client = useQueryClient();
  return (error: unknown) => {
    if (!isHttpError(error) || error.status !== 409) return;
    toast.error(
      'This line was changed by someone else. The request has been reloaded: check the line and try again.',
      'Changed by someone else',
    );
    void refreshRequest(client, requestId, ['record']);
  };
}

/** What one line offers: edit, the status moves open to it and to this person, delete. */
export function LineActions({
  requestId,
  line,
  index,
  abilities,
  onEdit,
}: {
  requestId: number;
  line: RequestLine;
  index: number;
  abilities: RequestAbilities;
  onEdit: () => void;
}) {
  const move = useMoveLineStatus(requestId);
  const remove = useDeleteLine(requestId);
  const [asking, setAsking] = useState<'cancel' | 'delete' | null>(null);
  const staleNotice = useStaleNotice(requestId);
  // Invoiced is not a move here: issuing an invoice makes a line Invoiced (decision 0010)
  const moves = MOVES.filter((m) => isLegalLineMove(line.status, m.to));
  const canDelete = line.status === null;
  if (!abilities.edit) return null;
  const name = `line ${index + 1} (${lineTitle(line)})`;
  const run = (m: Move) =>
    move.mutate(
      { lineId: line.id, body: { status: m.to, version: line.version } },
      { onSuccess: () => toast.success(m.done), onError: staleNotice },
    );
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="default" size="lg" aria-label={`Actions for ${name}`} loading={move.isPending}>
            ⋯
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {abilities.edit ? <Menu.Item onClick={onEdit}>Edit</Menu.Item> : null}
          {moves.map((m) => (
            <Menu.Item
              key={m.label}
              color={m.to === 'Canceled' ? 'orange' : undefined}
              onClick={() => (m.to === 'Canceled' ? setAsking('cancel') : run(m))}
            >
              {m.label}
            </Menu.Item>
          ))}
          {canDelete ? (
            <Menu.Item color="red" onClick={() => setAsking('delete')}>
              Delete
            </Menu.Item>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        cancelLabel="Keep it"
        opened={asking === 'cancel'}
        title={`Cancel ${name}?`}
        confirmLabel="Cancel line"
        confirmColor="orange"
        busy={move.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          const m = MOVES.find((x) => x.to === 'Canceled') as Move;
          move.mutate(
            { lineId: line.id, body: { status: 'Canceled', version: line.version } },
            {
              onSuccess: () => toast.success(m.done),
              onError: staleNotice,
              onSettled: () => setAsking(null),
            },
          );
        }}
      >
        <Text>A canceled line leaves the totals and cannot be confirmed again.</Text>
      </ConfirmDialog>
      <ConfirmDialog
        cancelLabel="Keep it"
        opened={asking === 'delete'}
        title={`Delete ${name}?`}
        confirmLabel="Delete line"
        busy={remove.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() =>
          remove.mutate(line.id, {
            onSuccess: () => toast.success('Line deleted.'),
            onSettled: () => setAsking(null),
          })
        }
      >
        <Text>The line and its deadline payments are removed for good.</Text>
      </ConfirmDialog>
    </>
  );
}
