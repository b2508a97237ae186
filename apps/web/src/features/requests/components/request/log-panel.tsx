import { LOG_COMMENT_MAX, type LogAction, type LogRecordDetail } from '@app/shared/requests/log.schemas';
import type { RequestRecord } from '@app/shared/requests/requests.schemas';
import { MESSAGES, maxLengthMessage } from '@app/shared/validation/messages';
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../../../lib/format/format-date.ts';
import { errorDetail, fieldErrors, isHttpError } from '../../../../lib/http/http-error.ts';
import { ConfirmDialog } from '../../../../ui/confirm-dialog/confirm-dialog.tsx';
import { toast } from '../../../../ui/toasts/toast-store.ts';
import { useConfirmLog } from '../../api/confirm-log.ts';
import { useCorrectLog } from '../../api/correct-log.ts';
import { useRequestLog } from '../../api/list-log.ts';
import { useSubmitRequest } from '../../api/submit-request.ts';
import type { RequestAbilities } from './request-permissions.ts';
import { LogStatusBadge } from './status-badge.tsx';

const ACTION_LABELS: Record<LogAction, string> = {
  submitted: 'Submitted to accounting',
  resubmitted: 'Resubmitted after correction',
  confirmed: 'Confirmed by accounting',
  sent_for_correction: 'Sent for correction',
};

const STALE_LOG = 'The LOG record was changed by someone else. It has been reloaded: check it and try again.';

/**
 * The hand-over to accounting: BO submits the request (a LOG record NEW), an Accountant confirms it
 * (its lines become Accounted) or sends it back for correction with a comment, BO resubmits. Every
 * step is listed: who, when, the comment and the status it left.
 */
export function LogPanel({ request, abilities }: { request: RequestRecord; abilities: RequestAbilities }) {
  const log = useRequestLog(request.id);
  const submit = useSubmitRequest(request.id);
  const confirm = useConfirmLog(request.id);
  const [asking, setAsking] = useState<'confirm' | 'correction' | null>(null);
  const records = [...(log.data ?? [])].sort((a, b) => b.submitted_at.localeCompare(a.submitted_at));
  const current = records[0] ?? null;
  const events = records
    .flatMap((r) => r.events.map((e) => ({ ...e, record: r.id })))
    .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);

  // only confirmed and invoiced lines are handed over; with none, the server has nothing to take
  const handOver = request.lines.some((l) => l.status === 'Confirmed' || l.status === 'Invoiced');
  const canSubmit = abilities.submit && (current === null || current.status === 'CONFIRM');
  const canResubmit = abilities.submit && current?.status === 'SENT FOR CORRECTION';
  const canReview = abilities.review && current?.status === 'NEW';

  const doSubmit = () =>
    submit.mutate(undefined, {
      onSuccess: () => toast.success(canResubmit ? 'Resubmitted to accounting.' : 'Submitted to accounting.'),
    });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="log-title">
      <Stack gap="md">
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Title order={2} size="h4" id="log-title">
            Accounting (LOG)
          </Title>
          {current ? <LogStatusBadge status={current.status} /> : null}
        </Group>
        {log.isPending ? <Loader size="sm" aria-label="Loading the LOG history" /> : null}
        {log.isError ? (
          <Group gap="sm">
            <Text size="sm" c="red">
              The LOG history could not be loaded.
            </Text>
            <Button size="xs" variant="default" onClick={() => void log.refetch()}>
              Try again
            </Button>
          </Group>
        ) : null}
        {log.isSuccess && current === null ? (
          <Text size="sm" c="dimmed">
            Not submitted to accounting yet.
          </Text>
        ) : null}
        {current?.status === 'SENT FOR CORRECTION' && current.comment ? (
          <Alert color="orange" title="Accounting asks for a correction" role="note">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {current.comment}
            </Text>
          </Alert>
        ) : null}
        {current?.status === 'NEW' ? (
          <Text size="sm" c="dimmed">
            Waiting for accounting since {formatDateTime(current.submitted_at)}.
          </Text>
        ) : null}
        {canSubmit || canResubmit || canReview ? (
          <Group gap="sm" wrap="wrap">
            {canSubmit ? (
              <Button onClick={doSubmit} loading={submit.isPending} disabled={!handOver}>
                Submit to accounting
              </Button>
            ) : null}
            {canResubmit ? (
              <Button onClick={doSubmit} loading={submit.isPending} disabled={!handOver}>
                Resubmit
              </Button>
            ) : null}
            {(canSubmit || canResubmit) && !handOver ? (
              <Text size="sm" c="dimmed">
                {current?.status === 'CONFIRM'
                  ? 'Accounting has everything confirmed so far.'
                  : 'Confirm a line first: accounting takes confirmed and invoiced lines.'}
              </Text>
            ) : null}
            {canReview ? (
              <>
                <Button color="teal" onClick={() => setAsking('confirm')}>
                  Confirm
                </Button>
                <Button variant="default" color="orange" onClick={() => setAsking('correction')}>
                  Send for correction
                </Button>
              </>
            ) : null}
          </Group>
        ) : null}
        {events.length > 0 ? (
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              History
            </Text>
            <Timeline bulletSize={14} lineWidth={2} active={events.length} aria-label="LOG history">
              {events.map((event) => (
                <Timeline.Item
                  key={`${event.record}-${event.id}`}
                  title={
                    <Group gap="xs" wrap="wrap">
                      <Text size="sm" fw={600}>
                        {ACTION_LABELS[event.action]}
                      </Text>
                      <LogStatusBadge status={event.status} />
                    </Group>
                  }
                  data-testid="log-event"
                >
                  <Text size="xs" c="dimmed">
                    {event.user?.name ?? 'System'} · {formatDateTime(event.created_at)}
                  </Text>
                  {event.comment ? (
                    <Text size="sm" mt={2} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      “{event.comment}”
                    </Text>
                  ) : null}
                </Timeline.Item>
              ))}
            </Timeline>
          </Stack>
        ) : null}
      </Stack>
      {current ? (
        <>
          <ConfirmDialog
            opened={asking === 'confirm'}
            title={`Confirm ${request.number}?`}
            confirmLabel="Confirm"
            confirmColor="teal"
            cancelLabel="Not yet"
            busy={confirm.isPending}
            onCancel={() => setAsking(null)}
            onConfirm={() =>
              confirm.mutate(
                { logId: current.id, body: { version: current.version } },
                {
                  onSuccess: () =>
                    toast.success('Confirmed: its confirmed and invoiced lines are now Accounted.'),
                  onError: (error) => {
                    if (isHttpError(error) && error.status === 409) toast.error(STALE_LOG, 'Changed');
                  },
                  onSettled: () => setAsking(null),
                },
              )
            }
          >
            <Text>Its confirmed and invoiced lines become Accounted. This cannot be undone here.</Text>
          </ConfirmDialog>
          <CorrectionModal
            opened={asking === 'correction'}
            record={current}
            requestId={request.id}
            onClose={() => setAsking(null)}
          />
        </>
      ) : null}
    </Paper>
  );
}

function CorrectionModal({
  opened,
  record,
  requestId,
  onClose,
}: {
  opened: boolean;
  record: LogRecordDetail;
  requestId: number;
  onClose: () => void;
}) {
  const correct = useCorrectLog(requestId);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setComment('');
    setError(null);
    onClose();
  };
  const send = () => {
    const text = comment.trim();
    if (!text) return setError(MESSAGES.required);
    if (text.length > LOG_COMMENT_MAX) return setError(maxLengthMessage(LOG_COMMENT_MAX));
    setError(null);
    correct.mutate(
      { logId: record.id, body: { comment: text, version: record.version } },
      {
        onSuccess: () => {
          toast.success('Sent back for correction.');
          close();
        },
        onError: (failure) => {
          if (isHttpError(failure) && failure.status === 409) setError(STALE_LOG);
          else setError(fieldErrors(failure).comment ?? errorDetail(failure));
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title="Send for correction" size="md" centered>
      <Stack gap="md">
        <Textarea
          label="What should be corrected"
          required
          rows={5}
          resize="vertical"
          value={comment}
          error={error}
          data-autofocus
          onChange={(event) => setComment(event.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={correct.isPending}>
            Cancel
          </Button>
          <Button color="orange" onClick={send} loading={correct.isPending}>
            Send for correction
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
