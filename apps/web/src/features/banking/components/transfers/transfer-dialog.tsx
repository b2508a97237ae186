import type { Transfer } from '@app/shared/banking/transactions.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { formatMoney } from '../../../../lib/format/format-money.ts';
import { setFormError, showServerFieldErrors } from '../../../../lib/forms/server-field-errors.ts';
import { errorDetail, hasFieldErrors } from '../../../../lib/http/http-error.ts';
import { DateField } from '../../../../ui/form/form-fields.tsx';
import { Picker } from '../../../../ui/picker/picker.tsx';
import { TextInput } from '../../../../ui/text-input/text-input.tsx';
import { toast } from '../../../../ui/toasts/toast-store.ts';
import { useCreateTransfer } from '../../api/transactions/create-transfer.ts';
import { autofocusRef, localToday } from '../common/dialog-focus.ts';
import { amountReceived, type ConversionDriver, derivedRate } from './transfer-conversion.ts';
import {
  emptyTransferForm,
  isConversion,
  TRANSFER_FORM_FIELDS,
  type TransferCurrencies,
  type TransferFormInput,
  type TransferFormOutput,
  transferBody,
  transferFormSchema,
} from './transfer-form-values.ts';

/**
 * "New transfer": money moved between two of the company's own accounts, entered once as its two
 * legs (SPEND-TRANSFER out, RECEIVE-TRANSFER in). Between currencies it is a conversion: the rate
 * or the amount received, either one typed, the other computed as it is typed.
 */
export function TransferDialog({
  opened,
  onClose,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  onSaved?: (transfer: Transfer) => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <Modal opened={opened} onClose={onClose} title="New transfer" size="lg" fullScreen={phone}>
      {opened ? (
        <TransferForm
          onClose={onClose}
          onSaved={(transfer) => {
            onClose();
            onSaved?.(transfer);
          }}
        />
      ) : null}
    </Modal>
  );
}

const currencyOf = (item: Readonly<Record<string, unknown>> | null): string | null =>
  typeof item?.currency === 'string' ? item.currency : null;

function TransferForm({ onClose, onSaved }: { onClose: () => void; onSaved: (transfer: Transfer) => void }) {
  const create = useCreateTransfer();
  const [currencies, setCurrencies] = useState<TransferCurrencies>({ from: null, to: null });
  const [driver, setDriver] = useState<ConversionDriver>('rate');
  const [refusal, setRefusal] = useState<string | null>(null);
  // the check reads the currencies chosen now
  const currenciesRef = useRef(currencies);
  currenciesRef.current = currencies;
  const resolver: Resolver<TransferFormInput, unknown, TransferFormOutput> = (values, context, options) =>
    (zodResolver(transferFormSchema(currenciesRef.current)) as never as typeof resolver)(
      values,
      context,
      options,
    );
  const { control, handleSubmit, setError, setValue, getValues, clearErrors, formState } = useForm<
    TransferFormInput,
    unknown,
    TransferFormOutput
  >({ defaultValues: emptyTransferForm(localToday()), resolver });
  const conversion = isConversion(currencies);

  // the side not typed follows the one typed
  const follow = (next: ConversionDriver, amount = getValues('amount')) => {
    if (next === 'rate') setValue('to_amount', amountReceived(amount, getValues('rate')) ?? '');
    else setValue('rate', derivedRate(amount, getValues('to_amount')) ?? '');
  };

  const submit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const transfer = await create.mutateAsync(transferBody(values, currencies, driver));
      toast.success(
        conversion
          ? `Conversion entered: ${formatMoney(transfer.out.amount, transfer.out.currency)} → ${formatMoney(transfer.in.amount, transfer.in.currency)}.`
          : `Transfer of ${formatMoney(transfer.out.amount, transfer.out.currency)} entered.`,
      );
      onSaved(transfer);
    } catch (error) {
      if (hasFieldErrors(error)) showServerFieldErrors(error, TRANSFER_FORM_FIELDS, setFormError(setError));
      else setRefusal(errorDetail(error) ?? 'The transfer could not be entered. Try again.');
    }
  });

  const bankPicker = (name: 'from_bank' | 'to_bank', label: string, side: 'from' | 'to') => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Picker
          label={label}
          object="banks"
          displayField="named"
          extraField="company_code"
          placeholder="One of the company's accounts"
          required
          name={field.name}
          ref={side === 'from' ? autofocusRef(field.ref) : field.ref}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          value={field.value}
          onChange={(id, item) => {
            field.onChange(id === null ? null : Number(id));
            setCurrencies((c) => ({ ...c, [side]: id === null ? null : currencyOf(item) }));
          }}
        />
      )}
    />
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="New transfer">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          {bankPicker('from_bank', 'From account', 'from')}
          {bankPicker('to_bank', 'To account', 'to')}
          <DateField control={control} name="date" label="Date" required />
          <Controller
            control={control}
            name="amount"
            render={({ field, fieldState }) => (
              <TextInput
                label={conversion ? 'Amount sent' : 'Amount'}
                required
                mask={{ kind: 'number', scale: 2, min: 0 }}
                inputMode="decimal"
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                value={field.value}
                onChange={(value) => {
                  field.onChange(value);
                  if (conversion) follow(driver, value);
                }}
                rightSection={<CurrencyTag currency={currencies.from} />}
              />
            )}
          />
        </SimpleGrid>
        {conversion ? (
          <Paper withBorder p="sm" radius="md" data-testid="conversion">
            <Stack gap="sm">
              <Group gap="xs">
                <Badge color="grape" variant="light" radius="sm" tt="none">
                  Conversion
                </Badge>
                <Text size="sm" c="dimmed">
                  {currencies.from} to {currencies.to}: give the rate or the amount received; the other
                  follows.
                </Text>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                <Controller
                  control={control}
                  name="rate"
                  render={({ field, fieldState }) => (
                    <TextInput
                      label={`Rate (${currencies.to} per 1 ${currencies.from})`}
                      mask={{ kind: 'number', scale: 6, min: 0, thousandsSeparator: '' }}
                      inputMode="decimal"
                      name={field.name}
                      ref={field.ref}
                      onBlur={field.onBlur}
                      error={fieldState.error?.message}
                      value={field.value}
                      onChange={(value) => {
                        field.onChange(value);
                        setDriver('rate');
                        clearErrors('rate');
                        follow('rate');
                      }}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="to_amount"
                  render={({ field, fieldState }) => (
                    <TextInput
                      label="Amount received"
                      mask={{ kind: 'number', scale: 2, min: 0 }}
                      inputMode="decimal"
                      name={field.name}
                      ref={field.ref}
                      onBlur={field.onBlur}
                      error={fieldState.error?.message}
                      value={field.value}
                      onChange={(value) => {
                        field.onChange(value);
                        setDriver('to_amount');
                        clearErrors('rate');
                        follow('to_amount');
                      }}
                      rightSection={<CurrencyTag currency={currencies.to} />}
                    />
                  )}
                />
              </SimpleGrid>
            </Stack>
          </Paper>
        ) : null}
        <Controller
          control={control}
          name="reference"
          render={({ field, fieldState }) => (
            <Textarea
              label="Reference"
              name={field.name}
              ref={field.ref}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              value={field.value}
              onChange={(event) => field.onChange(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey) {
                  event.preventDefault();
                  void submit();
                }
              }}
              rows={2}
              maxLength={500}
            />
          )}
        />
        {refusal ? (
          <Alert color="red" title="Not entered" role="alert">
            {refusal}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            {conversion ? 'Enter conversion' : 'Enter transfer'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CurrencyTag({ currency }: { currency: string | null }) {
  return currency ? (
    <Text size="xs" c="dimmed" pr="xs">
      {currency}
    </Text>
  ) : null;
}
