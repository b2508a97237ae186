import type { HotelOffer } from '@app/shared/requests/offers.schemas';
import { HOTEL_OFFERS_SEND_MAX } from '@app/shared/requests/offers.schemas';
import type { RequestRecord } from '@app/shared/requests/requests.schemas';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  Menu,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { formatDate, formatDateTime } from '../../../../lib/format/format-date.ts';
import { formatMoney } from '../../../../lib/format/format-money.ts';
import { ConfirmDialog } from '../../../../ui/confirm-dialog/confirm-dialog.tsx';
import { toast } from '../../../../ui/toasts/toast-store.ts';
import { useChooseOffer } from '../../api/choose-offer.ts';
import { useDeleteOffer } from '../../api/delete-offer.ts';
import { useOffers } from '../../api/list-offers.ts';
import { refreshRequest } from '../../api/request-mutation.ts';
import { sendOffersPresentation, sendOffersText } from '../../api/send-offers.ts';
import { OfferFormModal } from './offer-form.tsx';
import { SendTextModal } from './send-text-modal.tsx';

/**
 * The hotel options BO collected for the request: FO selects some and sends them as Text (a
 * message to paste) or as a Presentation (the server's PDF); the one the client picks becomes a line.
 */
export function OffersPanel({ request, canWrite }: { request: RequestRecord; canWrite: boolean }) {
  const offers = useOffers(request.id);
  const client = useQueryClient();
  const [selected, setSelected] = useState<number[]>([]);
  const [form, setForm] = useState<HotelOffer | 'new' | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [sending, setSending] = useState<'Text' | 'Presentation' | null>(null);
  const [asking, setAsking] = useState<{ kind: 'choose' | 'delete'; offer: HotelOffer } | null>(null);
  const choose = useChooseOffer(request.id);
  const remove = useDeleteOffer(request.id);
  const list = offers.data ?? [];
  const chosen = selected.filter((id) => list.some((o) => o.id === id));

  const send = async (form: 'Text' | 'Presentation') => {
    setSending(form);
    try {
      if (form === 'Text') setText(await sendOffersText(request.id, chosen));
      else {
        await sendOffersPresentation(request.id, chosen, `${request.number}-offers.pdf`);
        toast.success('The presentation is downloaded.');
      }
      await refreshRequest(client, request.id, ['offers']);
    } catch {
      // the HTTP layer has shown what went wrong
    } finally {
      setSending(null);
    }
  };
  const toggle = (id: number, on: boolean) =>
    setSelected((current) =>
      on ? [...current.filter((x) => x !== id), id] : current.filter((x) => x !== id),
    );

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="offers-title">
      <Stack gap="md">
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Title order={2} size="h4" id="offers-title">
            Hotel offers ({list.length})
          </Title>
          {canWrite ? (
            <Button variant="light" onClick={() => setForm('new')}>
              Add offer
            </Button>
          ) : null}
        </Group>
        {offers.isPending ? <Loader size="sm" aria-label="Loading the offers" /> : null}
        {offers.isError ? (
          <Group gap="sm">
            <Text size="sm" c="red">
              The offers could not be loaded.
            </Text>
            <Button size="xs" variant="default" onClick={() => void offers.refetch()}>
              Try again
            </Button>
          </Group>
        ) : null}
        {offers.isSuccess && list.length === 0 ? (
          <Text size="sm" c="dimmed">
            No offers yet.{canWrite ? ' Collect hotel options here, then send them to the client.' : ''}
          </Text>
        ) : null}
        {list.length > 0 ? (
          <Stack gap="xs">
            {list.map((offer) => (
              <OfferCard
                key={offer.id}
                offer={offer}
                selected={chosen.includes(offer.id)}
                onToggle={canWrite ? (on) => toggle(offer.id, on) : null}
                lineNumber={lineNumberOf(request, offer)}
                actions={
                  canWrite ? (
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon
                          variant="default"
                          size="lg"
                          aria-label={`Actions for offer ${offer.hotel_name}`}
                        >
                          ⋯
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item onClick={() => setForm(offer)}>Edit</Menu.Item>
                        {offer.line_id === null ? (
                          <Menu.Item onClick={() => setAsking({ kind: 'choose', offer })}>
                            Choose (make a line)
                          </Menu.Item>
                        ) : null}
                        <Menu.Item color="red" onClick={() => setAsking({ kind: 'delete', offer })}>
                          Delete
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  ) : null
                }
              />
            ))}
          </Stack>
        ) : null}
        {list.length > 0 && canWrite ? (
          <Group justify="space-between" align="center" wrap="wrap" gap="sm">
            <Text size="sm" c="dimmed" aria-live="polite">
              {chosen.length === 0
                ? 'Select the offers to send.'
                : `${chosen.length} selected${chosen.length > HOTEL_OFFERS_SEND_MAX ? ` (at most ${HOTEL_OFFERS_SEND_MAX})` : ''}`}
            </Text>
            <Group gap="sm">
              <Button
                variant="default"
                disabled={chosen.length === 0 || chosen.length > HOTEL_OFFERS_SEND_MAX || sending !== null}
                loading={sending === 'Text'}
                onClick={() => void send('Text')}
              >
                Send as Text
              </Button>
              <Button
                disabled={chosen.length === 0 || chosen.length > HOTEL_OFFERS_SEND_MAX || sending !== null}
                loading={sending === 'Presentation'}
                onClick={() => void send('Presentation')}
              >
                Send as Presentation
              </Button>
            </Group>
          </Group>
        ) : null}
      </Stack>
      <OfferFormModal
        requestId={request.id}
        open={form}
        currency={request.base_currency}
        dates={{ from: request.date_from, to: request.date_to }}
        onClose={() => setForm(null)}
        onReload={() => void refreshRequest(client, request.id, ['offers'])}
      />
      <SendTextModal text={text} onClose={() => setText(null)} />
      <ConfirmDialog
        opened={asking?.kind === 'choose'}
        title={`Choose ${asking?.offer.hotel_name ?? ''}?`}
        confirmLabel="Make it a line"
        confirmColor="blue"
        cancelLabel="Not yet"
        busy={choose.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() =>
          asking &&
          choose.mutate(asking.offer.id, {
            onSuccess: () => toast.success(`${asking.offer.hotel_name} is now a service line.`),
            onSettled: () => setAsking(null),
          })
        }
      >
        <Text>
          The client picked this option: it becomes a Hotel service line with its supplier, dates, cost and
          price.
        </Text>
      </ConfirmDialog>
      <ConfirmDialog
        cancelLabel="Keep it"
        opened={asking?.kind === 'delete'}
        title={`Delete the offer ${asking?.offer.hotel_name ?? ''}?`}
        confirmLabel="Delete offer"
        busy={remove.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() =>
          asking &&
          remove.mutate(asking.offer.id, {
            onSuccess: () => toast.success('Offer deleted.'),
            onSettled: () => setAsking(null),
          })
        }
      >
        <Text>The option is removed from the request. A line made from it stays.</Text>
      </ConfirmDialog>
    </Paper>
  );
}

function lineNumberOf(request: RequestRecord, offer: HotelOffer): number | null {
  if (offer.line_id === null) return null;
  const index = request.lines.findIndex((l) => l.id === offer.line_id);
  return index < 0 ? null : index + 1;
}

function OfferCard({
  offer,
  selected,
  onToggle,
  lineNumber,
  actions,
}: {
  offer: HotelOffer;
  selected: boolean;
  /** Null when the person may not send offers: no checkbox then. */
  onToggle: ((on: boolean) => void) | null;
  lineNumber: number | null;
  actions: ReactNode;
}) {
  const isChosen = offer.line_id !== null;
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      data-testid={`offer-${offer.id}`}
      data-chosen={isChosen || undefined}
      style={
        isChosen
          ? { borderColor: 'var(--mantine-color-teal-5)', background: 'var(--mantine-color-teal-0)' }
          : undefined
      }
    >
      <Group align="flex-start" wrap="nowrap" gap="sm">
        {onToggle ? (
          <Checkbox
            mt={4}
            checked={selected}
            onChange={(event) => onToggle(event.currentTarget.checked)}
            aria-label={`Select offer ${offer.hotel_name}`}
          />
        ) : null}
        <Group
          align="flex-start"
          justify="space-between"
          wrap="wrap"
          gap="xs"
          style={{ flex: 1, minWidth: 0 }}
        >
          <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {offer.hotel_name}
              </Text>
              {isChosen ? (
                <Badge color="teal" variant="filled" size="sm">
                  Chosen{lineNumber ? `: line ${lineNumber}` : ''}
                </Badge>
              ) : null}
              {offer.sent_at ? (
                <Badge color="gray" variant="light" size="sm" title={formatDateTime(offer.sent_at)}>
                  Sent {formatDateTime(offer.sent_at)}
                </Badge>
              ) : null}
            </Group>
            <Text size="sm">
              {offer.room_type} · {offer.meal} · {offer.cancellation_policy}
            </Text>
            <Text size="sm" c="dimmed">
              {formatDate(offer.date_from)} – {formatDate(offer.date_to)} ({offer.nights}{' '}
              {offer.nights === 1 ? 'night' : 'nights'}){offer.pax ? ` · ${offer.pax} pax` : ''} ·{' '}
              {offer.supplier.name}
            </Text>
            {offer.notes ? (
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {offer.notes}
              </Text>
            ) : null}
          </Stack>
          <Stack gap={0} align="flex-end" ml="auto">
            <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(offer.price, offer.price_currency)}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              cost {formatMoney(offer.cost, offer.cost_currency)}
            </Text>
          </Stack>
        </Group>
        {actions}
      </Group>
    </Card>
  );
}
