import type { RequestRecord } from '@app/shared/requests/requests.schemas';
import { MESSAGES, maxDateMessage, maxLengthMessage } from '@app/shared/validation/messages';
import { Alert, Button, Group, Loader, Modal, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatMoney } from '../../../../../lib/format/format-money.ts';
import { showServerFieldErrors } from '../../../../../lib/forms/server-field-errors.ts';
import { errorDetail, isHttpError } from '../../../../../lib/http/http-error.ts';
import { DatePicker } from '../../../../../ui/dates/date-picker.tsx';
import { Picker } from '../../../../../ui/picker/picker.tsx';
import { toast } from '../../../../../ui/toasts/toast-store.ts';
import {
  useInvoiceClient,
  useInvoiceSourceRequest,
} from '../../../api/client-invoices/get-invoice-source.ts';
import { useIssueClientInvoice } from '../../../api/client-invoices/issue-client-invoice.ts';
import { useInvoicedLines } from '../../../api/client-invoices/list-invoiced-lines.ts';
import { moneyInText } from '../client-invoice-money.ts';
import { CLIENT_INVOICES_PATH } from '../client-invoices-filters.ts';
import { ClientInvoiceLineChecklist } from './client-invoice-line-checklist.tsx';
import {
  defaultDueDate,
  defaultSelection,
  lineChoices,
  selectionSummary,
  utcToday,
} from './client-invoice-line-choices.ts';

const NOTE_MAX = 2000;

/** The form's own fields; a server message for another field is toasted. */
const FIELDS = ['request', 'lines', 'issue_date', 'due_date', 'internal_note', 'currency'] as const;
type Field = (typeof FIELDS)[number] | 'client';
type Errors = Partial<Record<Field, string>>;

/**
 * "New invoice": client → request → its lines → dates and note → Issue. Opened from the list's
 * button, or from the request page through `?new=1&request={id}` (`requestId`), with the client and
 * request already chosen.
 */
export function NewClientInvoiceDialog({
  opened,
  requestId,
  onClose,
}: {
  opened: boolean;
  /** A request to start from (its client is taken from it). */
  requestId: number | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="New invoice"
      size="xl"
      fullScreen={phone}
      closeOnClickOutside={false}
    >
      {opened ? <Start requestId={requestId} onClose={onClose} /> : null}
    </Modal>
  );
}

/** With a request to start from, its record comes first: it names the client. */
function Start({ requestId, onClose }: { requestId: number | null; onClose: () => void }) {
  const preset = useInvoiceSourceRequest(requestId);
  if (requestId === null) return <NewInvoiceForm initial={null} onClose={onClose} />;
  if (preset.isPending)
    return (
      <Group gap="sm" py="md">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          Loading the request…
        </Text>
      </Group>
    );
  if (preset.isError)
    return (
      <Stack gap="md">
        <Alert color="red" role="alert" title="The request could not be loaded">
          {errorDetail(preset.error) ?? 'It may have been deleted. Choose the client and the request below.'}
        </Alert>
        <NewInvoiceForm initial={null} onClose={onClose} />
      </Stack>
    );
  return <NewInvoiceForm initial={preset.data} onClose={onClose} />;
}

function NewInvoiceForm({ initial, onClose }: { initial: RequestRecord | null; onClose: () => void }) {
  const navigate = useNavigate();
  const issue = useIssueClientInvoice();
  const today = utcToday();
  const [clientId, setClientId] = useState<number | null>(initial?.client.id ?? null);
  const [requestId, setRequestId] = useState<number | null>(initial?.id ?? null);
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  // the request whose default selection has been made: a reload of it keeps what was ticked
  const [selectedFor, setSelectedFor] = useState<number | null>(null);
  const [issueDate, setIssueDate] = useState<string | null>(today);
  const [dueDate, setDueDate] = useState<string | null>(null);
  const [dueTouched, setDueTouched] = useState(false);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const source = useInvoiceSourceRequest(requestId);
  const request = source.data && source.data.id === requestId ? source.data : null;
  const hasInvoiced = !!request?.lines.some((l) => l.status === 'Invoiced' || l.status === 'Accounted');
  const invoicedQuery = useInvoicedLines(requestId, hasInvoiced);
  const invoiced = useMemo(() => invoicedQuery.data ?? new Map(), [invoicedQuery.data]);
  const client = useInvoiceClient(clientId);
  // undefined while the client loads; null when it has no terms
  const terms = client.data?.id === clientId ? (client.data.payment_terms_days ?? null) : undefined;

  // the due date follows the issue date and the client's terms until the person sets it
  const due = dueTouched ? dueDate : issueDate ? defaultDueDate(issueDate, terms) : null;

  useEffect(() => {
    if (request && selectedFor !== request.id) {
      setChecked(new Set(defaultSelection(request, invoiced)));
      setSelectedFor(request.id);
    }
  }, [request, selectedFor, invoiced]);

  const choices = request ? lineChoices(request, checked, invoiced) : [];
  const summary = request ? selectionSummary(request, checked) : null;
  const clear = (...fields: Field[]) =>
    setErrors((e) => {
      const next = { ...e };
      for (const f of fields) delete next[f];
      return next;
    });

  const chooseClient = (id: number | null) => {
    if (id === clientId) return;
    setClientId(id);
    setRequestId(null);
    setChecked(new Set());
    setSelectedFor(null);
    clear('client', 'request', 'lines');
  };
  const chooseRequest = (id: number | null) => {
    setRequestId(id);
    setChecked(new Set());
    setSelectedFor(null);
    clear('request', 'lines');
  };
  const toggle = (lineId: number, on: boolean) => {
    setChecked((prev) => {
      const next = new Set(prev);
      if (on) next.add(lineId);
      else next.delete(lineId);
      return next;
    });
    clear('lines', 'currency');
  };

  const check = (): Errors => {
    const found: Errors = {};
    if (clientId === null) found.client = MESSAGES.required;
    if (requestId === null) found.request = MESSAGES.required;
    else if (summary && summary.count === 0) found.lines = 'Choose at least one line';
    if (!issueDate) found.issue_date = MESSAGES.required;
    else if (issueDate > today) found.issue_date = maxDateMessage(today);
    if (!due) found.due_date = MESSAGES.required;
    else if (issueDate && due < issueDate) found.due_date = 'The due date cannot be before the issue date';
    if (note.length > NOTE_MAX) found.internal_note = maxLengthMessage(NOTE_MAX);
    return found;
  };

  const submit = async () => {
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0 || !requestId || !summary || !issueDate || !due) return;
    try {
      const invoice = await issue.mutateAsync({
        request: requestId,
        lines: summary.ids,
        issue_date: issueDate,
        due_date: due,
        ...(note.trim() ? { internal_note: note.trim() } : {}),
      });
      toast.success(`Invoice ${invoice.number} issued for ${moneyInText(invoice.total, invoice.currency)}.`);
      onClose();
      void navigate(`${CLIENT_INVOICES_PATH}/${invoice.id}`);
    } catch (error) {
      const shown: Errors = {};
      showServerFieldErrors(error, FIELDS, (field, message) => {
        const key = (field.split('.')[0] ?? field) as Field;
        shown[key] ??= message;
      });
      setErrors(shown);
      // a rule refused (a line invoiced meanwhile...): the toast said why; show the lines as they are now
      if (isHttpError(error) && error.status === 400) {
        void source.refetch();
        if (hasInvoiced) void invoicedQuery.refetch();
      }
    }
  };

  const confirmedCurrencies = new Set(
    choices.filter((c) => c.line.status === 'Confirmed').map((c) => c.line.sell_currency),
  );
  const manyCurrencies = confirmedCurrencies.size > 1;

  return (
    <form
      noValidate
      aria-label="New invoice"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <Picker
            label="Client"
            object="clients"
            displayField="named"
            value={clientId}
            onChange={(id) => chooseClient(id === null ? null : Number(id))}
            initialItems={initial ? [{ id: initial.client.id, named: initial.client.name }] : undefined}
            placeholder="Search by name"
            error={errors.client}
            required
          />
          <Picker
            key={clientId ?? 'none'}
            label="Request"
            object="requests"
            params={clientId ? { client: clientId, ordering: '-created_at' } : undefined}
            displayField="number"
            extraField="status"
            value={requestId}
            onChange={(id) => chooseRequest(id === null ? null : Number(id))}
            initialItems={
              initial ? [{ id: initial.id, number: initial.number, status: initial.status }] : undefined
            }
            disabled={clientId === null}
            placeholder={clientId === null ? 'Choose the client first' : 'The client’s requests'}
            error={errors.request}
            required
          />
        </SimpleGrid>

        {requestId === null ? (
          <Text size="sm" c="dimmed">
            Choose the client and one of its requests: the request’s lines are listed here to tick.
          </Text>
        ) : null}
        {requestId !== null && source.isPending ? (
          <Group gap="sm">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              Loading its lines…
            </Text>
          </Group>
        ) : null}
        {requestId !== null && source.isError ? (
          <Alert color="red" role="alert" title="The request’s lines could not be loaded">
            <Button size="xs" variant="default" onClick={() => void source.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : null}
        {request?.canceled_at ? (
          <Alert color="gray" role="note" title="Canceled request">
            {request.number} is canceled: its lines cannot be invoiced.
          </Alert>
        ) : null}
        {request && request.lines.length === 0 ? (
          <Text size="sm" c="dimmed">
            {request.number} has no lines.
          </Text>
        ) : null}
        {request && request.lines.length > 0 ? (
          <Stack gap={6}>
            <Group justify="space-between" gap="sm">
              <Text size="sm" fw={600}>
                Lines of {request.number}
              </Text>
              {manyCurrencies ? (
                <Text size="xs" c="dimmed">
                  An invoice is in one currency: tick the lines of one.
                </Text>
              ) : null}
            </Group>
            <ClientInvoiceLineChecklist
              choices={choices}
              checked={checked}
              onToggle={toggle}
              error={errors.lines ?? errors.currency}
            />
            {errors.lines || errors.currency ? (
              <Text size="sm" c="red" id="invoice-lines-error" role="alert">
                {errors.lines ?? errors.currency}
              </Text>
            ) : null}
          </Stack>
        ) : null}

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <DatePicker
            label="Issue date"
            value={issueDate}
            onChange={(value) => {
              setIssueDate(value);
              clear('issue_date', 'due_date');
            }}
            maxDate={today}
            today={today}
            error={errors.issue_date}
            description="The tax point; not in the future"
            required
          />
          <DatePicker
            label="Due date"
            value={due}
            onChange={(value) => {
              setDueDate(value);
              setDueTouched(true);
              clear('due_date');
            }}
            minDate={issueDate ?? undefined}
            today={today}
            error={errors.due_date}
            description={dueTouched ? 'Set by hand' : termsText(clientId, terms)}
            required
          />
        </SimpleGrid>
        <Textarea
          label="Internal note"
          description="For the team; never printed on the invoice"
          value={note}
          onChange={(event) => {
            setNote(event.currentTarget.value);
            clear('internal_note');
          }}
          rows={2}
          resize="vertical"
          error={errors.internal_note}
        />

        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Text size="sm" aria-live="polite" data-testid="invoice-total-preview">
            {summary && summary.count > 0 ? (
              <>
                {summary.count} {summary.count === 1 ? 'line' : 'lines'} · Total{' '}
                <Text span fw={700}>
                  {formatMoney(summary.total, summary.currency)}
                </Text>
              </>
            ) : (
              <Text span c="dimmed">
                No line ticked
              </Text>
            )}
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={onClose} disabled={issue.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={issue.isPending}>
              Issue invoice
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** Where the default due date comes from. */
function termsText(clientId: number | null, terms: number | null | undefined): string {
  if (clientId === null) return 'From the client’s payment terms, else 14 days';
  if (terms === undefined) return 'From the client’s payment terms…';
  if (terms === null) return 'The client has no payment terms: 14 days';
  return `The client’s terms: ${terms} ${terms === 1 ? 'day' : 'days'}`;
}
