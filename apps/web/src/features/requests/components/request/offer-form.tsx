import {
  type CreateHotelOfferBody,
  CreateHotelOfferBodySchema,
  type HotelOffer,
} from '@app/shared/requests/offers.schemas';
import { CANCELLATION_POLICIES, ROOM_MEALS, ROOM_TYPES } from '@app/shared/value-lists';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { setFormError, showServerFieldErrors } from '../../../../lib/forms/server-field-errors.ts';
import { isHttpError } from '../../../../lib/http/http-error.ts';
import { DateField, SelectField, TextAreaField, TextField } from '../../../../ui/form/form-fields.tsx';
import { toast } from '../../../../ui/toasts/toast-store.ts';
import { useCreateOffer } from '../../api/create-offer.ts';
import { useUpdateOffer } from '../../api/update-offer.ts';
import { MoneyField, SupplierField } from '../fields/money-fields.tsx';
import { StaleAlert } from './stale-alert.tsx';

interface OfferValues {
  hotel_name: string;
  room_type: string | null;
  meal: string | null;
  cancellation_policy: string | null;
  supplier_id: number | null;
  date_from: string;
  date_to: string;
  pax: string;
  cost: string;
  cost_currency: string | null;
  price: string;
  price_currency: string | null;
  notes: string;
}

const FIELDS = [
  'hotel_name',
  'room_type',
  'meal',
  'cancellation_policy',
  'supplier_id',
  'date_from',
  'date_to',
  'pax',
  'cost',
  'cost_currency',
  'price',
  'price_currency',
  'notes',
] as const;

function valuesOf(
  offer: HotelOffer | null,
  currency: string,
  dates: { from: string | null; to: string | null },
): OfferValues {
  return {
    hotel_name: offer?.hotel_name ?? '',
    room_type: offer?.room_type ?? null,
    meal: offer?.meal ?? null,
    cancellation_policy: offer?.cancellation_policy ?? null,
    supplier_id: offer?.supplier.id ?? null,
    date_from: offer?.date_from ?? dates.from ?? '',
    date_to: offer?.date_to ?? dates.to ?? '',
    pax: offer?.pax ? String(offer.pax) : '',
    cost: offer?.cost ?? '',
    cost_currency: offer?.cost_currency ?? currency,
    price: offer?.price ?? '',
    price_currency: offer?.price_currency ?? currency,
    notes: offer?.notes ?? '',
  };
}

/** Adds or edits one hotel option: hotel, room, meal, policy, supplier, dates, pax, cost and price. */
export function OfferFormModal({
  requestId,
  open,
  currency,
  dates,
  onClose,
  onReload,
}: {
  requestId: number;
  /** The offer to edit, `'new'`, or null when closed. */
  open: HotelOffer | 'new' | null;
  currency: string;
  dates: { from: string | null; to: string | null };
  onClose: () => void;
  onReload: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const offer = open === 'new' ? null : open;
  return (
    <Modal
      opened={open !== null}
      onClose={onClose}
      title={offer ? `Edit offer: ${offer.hotel_name}` : 'New hotel offer'}
      size="lg"
      fullScreen={phone}
    >
      {open !== null ? (
        <OfferForm
          key={offer ? `${offer.id}-${offer.version}` : 'new'}
          requestId={requestId}
          offer={offer}
          initial={valuesOf(offer, currency, dates)}
          onClose={onClose}
          onReload={onReload}
        />
      ) : null}
    </Modal>
  );
}

function OfferForm({
  requestId,
  offer,
  initial,
  onClose,
  onReload,
}: {
  requestId: number;
  offer: HotelOffer | null;
  initial: OfferValues;
  onClose: () => void;
  onReload: () => void;
}) {
  const create = useCreateOffer(requestId);
  const update = useUpdateOffer(requestId);
  const [stale, setStale] = useState(false);
  const { control, handleSubmit, setError, formState } = useForm<OfferValues, unknown, CreateHotelOfferBody>({
    defaultValues: initial,
    resolver: zodResolver(CreateHotelOfferBodySchema) as never,
  });
  const submit = handleSubmit(async (body) => {
    setStale(false);
    try {
      if (offer) await update.mutateAsync({ offerId: offer.id, body: { ...body, version: offer.version } });
      else await create.mutateAsync(body);
      toast.success(offer ? 'Offer saved.' : 'Offer added.');
      onClose();
    } catch (error) {
      if (isHttpError(error) && error.status === 409) setStale(true);
      else showServerFieldErrors(error, FIELDS, setFormError(setError));
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Hotel offer">
      <Stack gap="md">
        {stale ? (
          <StaleAlert
            message="This offer was changed by someone else while you were editing it. Reload to see the latest version."
            onReload={() => {
              onReload();
              onClose();
            }}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <TextField control={control} name="hotel_name" label="Hotel" required />
          <SupplierField
            control={control}
            name="supplier_id"
            currencyName="cost_currency"
            required
            known={offer?.supplier}
          />
          <SelectField control={control} name="room_type" label="Room type" data={ROOM_TYPES} required />
          <SelectField control={control} name="meal" label="Meal" data={ROOM_MEALS} required />
          <SelectField
            control={control}
            name="cancellation_policy"
            label="Cancellation policy"
            data={CANCELLATION_POLICIES}
            required
          />
          <TextField
            control={control}
            name="pax"
            label="Pax"
            mask={{ kind: 'number', scale: 0, min: 1, max: 999 }}
          />
          <DateField control={control} name="date_from" label="Check-in" required />
          <DateField control={control} name="date_to" label="Check-out" required />
          <MoneyField control={control} name="cost" currencyName="cost_currency" label="Cost (supplier)" />
          <MoneyField control={control} name="price" currencyName="price_currency" label="Price (client)" />
        </SimpleGrid>
        <TextAreaField control={control} name="notes" label="Notes for the client" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            {offer ? 'Save offer' : 'Add offer'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
