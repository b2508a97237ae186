import type { RequestRecord } from '@app/shared/requests/requests.schemas';
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { errorDetail, isHttpError } from '../../../../lib/http/http-error.ts';
import { useNavigationHelper } from '../../../../lib/navigation/use-navigation-helper.ts';
import { ConfirmDialog } from '../../../../ui/confirm-dialog/confirm-dialog.tsx';
import { toast } from '../../../../ui/toasts/toast-store.ts';
import { useCancelRequest } from '../../api/cancel-request.ts';
import { useDeleteRequest } from '../../api/delete-request.ts';
import { STALE_REQUEST_MESSAGE } from './request-edit-modal.tsx';
import { REQUESTS_PATH } from './requests-path.ts';

/** Why the server refused: its own words, or the stale-version message. */
function refusalOf(error: unknown): string {
  if (isHttpError(error) && error.status === 409) return STALE_REQUEST_MESSAGE;
  return errorDetail(error) ?? 'The server refused this. Reload the request and try again.';
}

/** Edit, Cancel request and Delete, each delete or cancel behind its question. */
export function RequestActions({
  request,
  onEdit,
  onReload,
}: {
  request: RequestRecord;
  onEdit: () => void;
  onReload: () => void;
}) {
  const helper = useNavigationHelper();
  const cancel = useCancelRequest(request.id);
  const remove = useDeleteRequest(request.id);
  const [asking, setAsking] = useState<'cancel' | 'delete' | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    if (refusal && isHttpError(cancel.error) && cancel.error.status === 409) onReload();
    setAsking(null);
    setRefusal(null);
  };
  return (
    <>
      <Button onClick={onEdit}>Edit</Button>
      <Button variant="default" color="orange" onClick={() => setAsking('cancel')}>
        Cancel request
      </Button>
      <Button variant="default" color="red" onClick={() => setAsking('delete')}>
        Delete
      </Button>
      <ConfirmDialog
        cancelLabel="Keep it"
        opened={asking === 'cancel'}
        title={`Cancel ${request.number}?`}
        confirmLabel="Cancel request"
        confirmColor="orange"
        busy={cancel.isPending}
        refusal={refusal}
        onCancel={close}
        onConfirm={() => {
          cancel.mutate(
            { version: request.version },
            {
              onSuccess: () => {
                toast.success(`${request.number} is canceled.`);
                close();
              },
              onError: (error) => setRefusal(refusalOf(error)),
            },
          );
        }}
      >
        <Text>
          Its lines that are not yet invoiced become Canceled, and the request takes no more changes. Invoiced
          and accounted lines stay as they are (undoing them is a credit note, for accounting).
        </Text>
      </ConfirmDialog>
      <ConfirmDialog
        cancelLabel="Keep it"
        opened={asking === 'delete'}
        title={`Delete ${request.number}?`}
        confirmLabel="Delete request"
        busy={remove.isPending}
        refusal={refusal}
        onCancel={close}
        onConfirm={() => {
          remove.mutate(undefined, {
            onSuccess: () => {
              toast.success(`${request.number} is deleted.`);
              setAsking(null);
              helper.backToList(REQUESTS_PATH);
            },
            onError: (error) => setRefusal(refusalOf(error)),
          });
        }}
      >
        <Text>
          The request, its lines, deadline payments and hotel offers are removed for good. A request with
          invoiced or accounted lines cannot be deleted: cancel it instead.
        </Text>
      </ConfirmDialog>
    </>
  );
}
