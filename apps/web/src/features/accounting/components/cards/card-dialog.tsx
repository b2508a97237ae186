import type { Card } from '@app/shared/accounting/cards.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { setFormError, showServerFieldErrors } from '../../../../lib/forms/server-field-errors.ts';
import { isHttpError } from '../../../../lib/http/http-error.ts';
import { TextField } from '../../../../ui/form/form-fields.tsx';
import { Picker } from '../../../../ui/picker/picker.tsx';
import { TextInput } from '../../../../ui/text-input/text-input.tsx';
import { toast } from '../../../../ui/toasts/toast-store.ts';
import { useCreateCard } from '../../api/cards/create-card.ts';
import { useUpdateCard } from '../../api/cards/update-card.ts';
import {
  bankLabel,
  CARD_FORM_FIELDS,
  type CardFormInput,
  type CardFormOutput,
  cardFormSchema,
  cardFormValues,
  createCardBody,
  updateCardBody,
} from './card-form-values.ts';
import { cardBrandHint, formatExpiryInput, groupCardNumber } from './card-number.ts';

const STALE_CARD =
  'This card was changed by someone else while you were editing it. Close this dialog and open it again to see the latest version.';

/**
 * Add a card (`card` null) or edit one. The form lives only while the dialog is open: closing it,
 * or saving, unmounts the form and the full number typed in it goes with it.
 */
export function CardDialog({
  opened,
  card,
  onClose,
}: {
  opened: boolean;
  card: Card | null;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const title = card ? `Edit ${card.brand} •••• ${card.last_four}` : 'Add a bank card';
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" fullScreen={phone}>
      {opened ? <CardForm key={card?.id ?? 'new'} card={card} onClose={onClose} /> : null}
    </Modal>
  );
}

function CardForm({ card, onClose }: { card: Card | null; onClose: () => void }) {
  const create = useCreateCard();
  const update = useUpdateCard();
  const [stale, setStale] = useState(false);
  // the chosen bank's currency: the limit is in it
  const [currency, setCurrency] = useState<string | null>(card?.currency ?? null);
  const { control, handleSubmit, setError, reset, formState } = useForm<
    CardFormInput,
    unknown,
    CardFormOutput
  >({
    defaultValues: cardFormValues(card),
    resolver: zodResolver(cardFormSchema(card ? 'edit' : 'create')) as never,
  });
  const number = useWatch({ control, name: 'number' });
  const brand = card ? null : cardBrandHint(number);

  const submit = handleSubmit(async (values) => {
    setStale(false);
    try {
      if (card) {
        await update.mutateAsync({ id: card.id, body: updateCardBody(values, card.version) });
        toast.success('Card saved.');
      } else {
        const added = await create(createCardBody(values));
        toast.success(`${added.brand} •••• ${added.last_four} added.`);
      }
      reset(cardFormValues(null));
      onClose();
    } catch (error) {
      if (isHttpError(error) && error.status === 409) setStale(true);
      else showServerFieldErrors(error, CARD_FORM_FIELDS, setFormError(setError));
    }
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      autoComplete="off"
      aria-label={card ? 'Edit card' : 'New card'}
    >
      <Stack gap="md">
        {stale ? (
          <Alert color="orange" title="Changed by someone else" role="alert">
            {STALE_CARD}
          </Alert>
        ) : null}
        <Controller
          control={control}
          name="bank"
          render={({ field, fieldState }) => (
            <Picker
              label="Bank account"
              object="banks"
              displayField="named"
              extraField="company_code"
              placeholder="The company account the card draws on"
              required
              initialItems={
                card
                  ? [
                      {
                        id: card.bank.id,
                        named: bankLabel(card.bank, card.currency),
                        company_code: card.company.code,
                        currency: card.currency,
                      },
                    ]
                  : undefined
              }
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              value={field.value}
              onChange={(value, item) => {
                field.onChange(value ?? null);
                const own = (item as { currency?: unknown } | null | undefined)?.currency;
                setCurrency(typeof own === 'string' ? own : null);
              }}
            />
          )}
        />
        <TextField control={control} name="holder" label="Holder" required maxLength={120} />
        {card ? (
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              Card number
            </Text>
            <Text size="sm" data-testid="card-number-readonly">
              {card.brand} •••• {card.last_four}
            </Text>
            <Text size="xs" c="dimmed">
              A new number is a new card: add it, then delete this one.
            </Text>
          </Stack>
        ) : (
          <Controller
            control={control}
            name="number"
            render={({ field, fieldState }) => (
              <TextInput
                label="Card number"
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={(text) => field.onChange(groupCardNumber(text))}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                required
                autoComplete="off"
                inputMode="numeric"
                maxLength={23}
                placeholder="1234 5678 9012 3456"
                rightSection={
                  brand ? (
                    <Text size="xs" c="dimmed" pr="xs">
                      {brand}
                    </Text>
                  ) : null
                }
                description="Checked here and on the server; only the last four digits are kept."
              />
            )}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <Controller
            control={control}
            name="expiry"
            render={({ field, fieldState }) => (
              <TextInput
                label="Expiry"
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={(text) => field.onChange(formatExpiryInput(text))}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                required
                autoComplete="off"
                inputMode="numeric"
                placeholder="MM/YY"
                maxLength={5}
              />
            )}
          />
          <TextField
            control={control}
            name="limit"
            label={currency ? `Limit (${currency})` : 'Limit'}
            mask={{ kind: 'number', scale: 2, min: 0 }}
            inputMode="decimal"
            placeholder="No limit"
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            {card ? 'Save changes' : 'Add card'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
