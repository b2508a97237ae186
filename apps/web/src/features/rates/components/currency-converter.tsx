import { convertForHeader } from '@app/shared/rates/converter';
import { CONVERTER_DEFAULTS, RATE_CURRENCIES } from '@app/shared/rates/currencies';
import type { RateLike } from '@app/shared/rates/rate-lookup';
import { RATES_MESSAGES } from '@app/shared/rates/rates.messages';
import { MESSAGES } from '@app/shared/validation/messages';
import {
  ActionIcon,
  Alert,
  Group,
  TextInput as MantineTextInput,
  NativeSelect,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { StrokeIcon } from '../../../ui/icons/stroke-icon.tsx';
import { IconPopover, usePopoverToggle } from '../../../ui/popover/icon-popover.tsx';
import { TextInput } from '../../../ui/text-input/text-input.tsx';
import { useCurrencies } from '../api/get-currencies.ts';
import { useCurrentRates } from '../api/get-current-rates.ts';

/** Spec 9: the converter recalculates 500 ms after the last change. */
export const CONVERTER_DEBOUNCE_MS = 500;

export interface ConverterValues {
  currency_from: string;
  currency_to: string;
  initial_amount: string;
}

interface ConverterResult {
  converted_amount: string;
  message: string | null;
  amountError: string | null;
  /** After a submit with a missing value every field counts as touched (spec 5). */
  touched: boolean;
}

const IDLE: ConverterResult = { converted_amount: '', message: null, amountError: null, touched: false };

/**
 * "No rates yet" as one stable list. A new `[]` each render would be a new dependency of the
 * calculation effect, whose result re-renders, which makes a new `[]`... every 500 ms, forever.
 */
const NO_RATES: readonly RateLike[] = [];

/**
 * The converter's state and its debounced calculation against the current rates. The result is
 * computed from the same set the popover shows, with the shared arithmetic (4 decimals).
 */
export function useConverter(rates: readonly RateLike[] | undefined) {
  const [values, setValues] = useState<ConverterValues>({ ...CONVERTER_DEFAULTS });
  const [result, setResult] = useState<ConverterResult>(IDLE);

  useEffect(() => {
    if (rates === undefined) return; // rates still loading: nothing to say yet
    const timer = setTimeout(() => {
      const outcome = convertForHeader(values, rates);
      switch (outcome.status) {
        case 'missing':
          setResult({ converted_amount: '', message: outcome.message, amountError: null, touched: true });
          break;
        case 'invalid':
          setResult({ converted_amount: '', message: null, amountError: outcome.message, touched: true });
          break;
        case 'not_found':
          setResult((r) => ({
            ...r,
            converted_amount: outcome.converted_amount,
            message: outcome.message,
            amountError: null,
          }));
          break;
        case 'ok':
          setResult((r) => ({
            ...r,
            converted_amount: outcome.converted_amount,
            message: null,
            amountError: null,
          }));
          break;
        default: {
          const unreachable: never = outcome;
          return unreachable;
        }
      }
    }, CONVERTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [values, rates]);

  const set = (patch: Partial<ConverterValues>) => setValues((v) => ({ ...v, ...patch }));
  return { values, set, result };
}

function requiredError(touched: boolean, value: string): string | null {
  return touched && value.trim() === '' ? MESSAGES.required : null;
}

export interface CurrencyConverterFormProps {
  converter: ReturnType<typeof useConverter>;
  currencies: readonly string[];
}

/** The converter form: currency_from, currency_to, initial_amount and the read-only result. */
export function CurrencyConverterForm({ converter, currencies }: CurrencyConverterFormProps) {
  const { values, set, result } = converter;
  const options = [{ value: '', label: 'Select' }, ...currencies.map((c) => ({ value: c, label: c }))];
  return (
    <Stack gap="sm" data-testid="currency-converter">
      <Text fw={600}>Currency converter</Text>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <NativeSelect
          label="From"
          name="currency_from"
          data={options}
          value={values.currency_from}
          onChange={(e) => set({ currency_from: e.currentTarget.value })}
          error={requiredError(result.touched, values.currency_from)}
          required
          style={{ flex: 1 }}
        />
        <Tooltip label="Swap currencies">
          <ActionIcon
            variant="subtle"
            color="gray"
            mt={26}
            aria-label="Swap currencies"
            onClick={() => set({ currency_from: values.currency_to, currency_to: values.currency_from })}
          >
            ⇄
          </ActionIcon>
        </Tooltip>
        <NativeSelect
          label="To"
          name="currency_to"
          data={options}
          value={values.currency_to}
          onChange={(e) => set({ currency_to: e.currentTarget.value })}
          error={requiredError(result.touched, values.currency_to)}
          required
          style={{ flex: 1 }}
        />
      </Group>
      <TextInput
        label="Amount"
        name="initial_amount"
        value={values.initial_amount}
        onChange={(value) => set({ initial_amount: value })}
        mask={{ kind: 'number', scale: 2, min: 0 }}
        required
        error={result.amountError ?? requiredError(result.touched, values.initial_amount)}
      />
      <MantineTextInput
        label="Result"
        name="converted_amount"
        value={result.converted_amount}
        readOnly
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        data-testid="converted-amount"
      />
      {result.message && (
        <Alert
          color={result.message === RATES_MESSAGES.fillRequired ? 'red' : 'orange'}
          variant="light"
          p="xs"
          role="alert"
        >
          {result.message}
        </Alert>
      )}
    </Stack>
  );
}

/** The header's currency converter (spec 2.3 and 5): defaults USD → GBP, amount 1. */
export function CurrencyConverter() {
  const toggle = usePopoverToggle();
  const current = useCurrentRates();
  const currencies = useCurrencies();
  const rates = current.isPending ? undefined : (current.data?.rates ?? NO_RATES);
  const converter = useConverter(rates);
  const codes = useMemo(
    () => (currencies.data ? currencies.data.map((c) => c.named) : [...RATE_CURRENCIES]),
    [currencies.data],
  );
  return (
    <IconPopover
      {...toggle}
      label="Currency converter"
      icon={<StrokeIcon d="M6 3h12v18H6zM9 7h6M9 11h1M12 11h0M15 11h0M9 14h1M9 17h1M14 14v3" />}
      width={320}
      trapFocus
      data-testid="converter-button"
    >
      <CurrencyConverterForm converter={converter} currencies={codes} />
    </IconPopover>
  );
}

export default CurrencyConverter;
