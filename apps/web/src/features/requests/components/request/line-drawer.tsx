import type { RequestLine, RequestRecord } from '@app/shared/requests/requests.schemas';
import { Drawer } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../../ui/confirm-dialog/confirm-dialog.tsx';
import { toast } from '../../../../ui/toasts/toast-store.ts';
import { useAddLine } from '../../api/add-line.ts';
import { useUpdateLine } from '../../api/update-line.ts';
import { LineForm } from '../line-form/line-form.tsx';
import { lineLock, lineToValues, lineUpdateBody, newLineForm } from '../line-form/line-form-values.ts';

/**
 * Adds a line (`'new'`, a Hotel like the create page's first line) or edits one, in a drawer from
 * the right (the whole screen on a phone). Closing it with changes not saved asks first.
 */
export function LineDrawer({
  request,
  open,
  onClose,
  onReload,
}: {
  request: RequestRecord;
  open: RequestLine | 'new' | null;
  onClose: () => void;
  onReload: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const add = useAddLine(request.id);
  const update = useUpdateLine(request.id);
  const line = open === 'new' ? null : open;
  const index = line ? request.lines.findIndex((l) => l.id === line.id) : -1;
  const dirty = useRef(false);
  const [asking, setAsking] = useState(false);
  const onDirtyChange = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  // a form opened afresh starts clean
  useEffect(() => {
    if (open === null) dirty.current = false;
  }, [open]);
  const close = () => {
    setAsking(false);
    dirty.current = false;
    onClose();
  };
  const askToClose = () => {
    // after this event: the Escape that closes the drawer would otherwise reach the new question too
    if (dirty.current) setTimeout(() => setAsking(true), 0);
    else close();
  };

  return (
    <>
      <Drawer
        opened={open !== null}
        onClose={askToClose}
        // while the question is open, Escape answers it and leaves the drawer open
        closeOnEscape={!asking}
        position="right"
        size={phone ? '100%' : 'xl'}
        title={line ? `Line ${index + 1}: ${line.service_type}` : 'New service line'}
      >
        {open === 'new' ? (
          <LineForm
            kind={request.kind}
            initial={newLineForm(request.kind, request.base_currency)}
            submitLabel="Add line"
            onCancel={askToClose}
            onReload={onReload}
            onDirtyChange={onDirtyChange}
            onSubmit={async (body) => {
              await add.mutateAsync(body);
              toast.success('Line added.');
              close();
            }}
          />
        ) : null}
        {line ? (
          <LineForm
            key={`${line.id}-${line.version}`}
            kind={request.kind}
            initial={lineToValues(line)}
            lock={lineLock(line.status)}
            supplier={line.supplier}
            submitLabel="Save line"
            onCancel={askToClose}
            onDirtyChange={onDirtyChange}
            onReload={() => {
              onReload();
              close();
            }}
            onSubmit={async (body) => {
              await update.mutateAsync({
                lineId: line.id,
                body: lineUpdateBody(body, lineLock(line.status), line.version),
              });
              toast.success('Line saved.');
              close();
            }}
          />
        ) : null}
      </Drawer>
      <ConfirmDialog
        opened={asking}
        title="Discard the changes?"
        confirmLabel="Discard changes"
        cancelLabel="Keep editing"
        onConfirm={close}
        onCancel={() => setAsking(false)}
      >
        This line has changes that are not saved. Close it and lose them?
      </ConfirmDialog>
    </>
  );
}
