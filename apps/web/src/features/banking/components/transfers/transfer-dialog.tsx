import type { Transfer } from '@app/shared/banking/transactions.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Group, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { formatMoney } from '../../../../lib/format/format-money.ts';
import { setFormError, showServerFieldErrors } from '../../../../lib/forms/server-field-errors.ts';
import { errorDetail, hasFieldErrors } from '../../../../lib/http/http-error.ts';
import { DialogFooter } from '../../../../ui/form/dialog-footer.tsx';
import { DateField } from '../../../../ui/form/form-fields.tsx';
import { Picker } from '../../../../ui/picker/picker.tsx';
import type { TextMask } from '../../../../ui/text-input/input-mask.ts';
import { TextInput } from '../../../../ui/text-input/text-input.tsx';
import { toast } from '../../../../ui/toasts/toast-store.ts';
import { useCreateTransfer } from '../../api/transactions/create-transfer.ts';
import { CurrencyTag } from '../common/currency-tag.tsx';
import { autofocusRef, localToday } from '../common/dialog-focus.ts';
import { ReferenceField } from '../common/reference-field.tsx';
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

const MONEY: TextMask = { kind: 'number', scale: 2, min: 0 };
const RATE: TextMask = { kind: 'number', scale: 6, min: 0, thousandsSeparator: '' };

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

  // the rate or the amount received typed: that side now drives, the other follows it
  const typedSide = (side: ConversionDriver) => {
    setDriver(side);
    clearErrors('rate');
    follow(side);
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

  // the amount sent, the rate and the amount received: typing one may move the others
  const numberField = (
    name: 'amount' | 'rate' | 'to_amount',
    label: string,
    typed: (value: string) => void,
    { mask = MONEY, currency = null }: { mask?: TextMask; currency?: string | null } = {},
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          label={label}
          required={name === 'amount'}
          mask={mask}
          inputMode="decimal"
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          value={field.value}
          onChange={(value) => {
            field.onChange(value);
            typed(value);
          }}
          rightSection={<CurrencyTag currency={currency} />}
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
          {numberField(
            'amount',
            conversion ? 'Amount sent' : 'Amount',
            (value) => {
              if (conversion) follow(driver, value);
            },
            { currency: currencies.from },
          )}
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
                {numberField(
                  'rate',
                  `Rate (${currencies.to} per 1 ${currencies.from})`,
                  () => typedSide('rate'),
                  {
                    mask: RATE,
                  },
                )}
                {numberField('to_amount', 'Amount received', () => typedSide('to_amount'), {
                  currency: currencies.to,
                })}
              </SimpleGrid>
            </Stack>
          </Paper>
        ) : null}
        <ReferenceField control={control} onEnter={() => void submit()} />
        <DialogFooter
          refusal={refusal}
          refusalTitle="Not entered"
          submitLabel={conversion ? 'Enter conversion' : 'Enter transfer'}
          submitting={formState.isSubmitting}
          onClose={onClose}
        />
      </Stack>
    </form>
  );
}
