import type { RequestLine, RequestRecord } from '@app/shared/requests/requests.schemas';
import { Drawer } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { toast } from '../../../../ui/toasts/toast-store.ts';
import { useAddLine } from '../../api/add-line.ts';
import { useUpdateLine } from '../../api/update-line.ts';
import { LineForm } from '../line-form/line-form.tsx';
import { emptyLine, lineLock, lineToValues, lineUpdateBody } from '../line-form/line-form-values.ts';

/** Adds a line (`'new'`) or edits one, in a drawer from the right (the whole screen on a phone). */
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
  return (
    <Drawer
      opened={open !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={line ? `Line ${index + 1}: ${line.service_type}` : 'New service line'}
    >
      {open === 'new' ? (
        <LineForm
          kind={request.kind}
          initial={emptyLine(request.kind, request.base_currency)}
          submitLabel="Add line"
          onCancel={onClose}
          onReload={onReload}
          onSubmit={async (body) => {
            await add.mutateAsync(body);
            toast.success('Line added.');
            onClose();
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
          onCancel={onClose}
          onReload={() => {
            onReload();
            onClose();
          }}
          onSubmit={async (body) => {
            await update.mutateAsync({
              lineId: line.id,
              body: lineUpdateBody(body, lineLock(line.status), line.version),
            });
            toast.success('Line saved.');
            onClose();
          }}
        />
      ) : null}
    </Drawer>
  );
}
