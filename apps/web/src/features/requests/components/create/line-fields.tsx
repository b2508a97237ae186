import { RATE_CURRENCIES } from '@app/shared/rates/currencies';
import { REQUEST_HOURS, REQUEST_MINUTES } from '@app/shared/requests/requests.schemas';
import type { RequestKind } from '@app/shared/requests/requests.status';
import {
  ACCOUNT_TYPES,
  CANCELLATION_POLICIES,
  FLIGHT_CLASSES,
  PAYMENT_METHODS,
  ROOM_MEALS,
  ROOM_TYPES,
  SERVICE_SUBTYPES,
  SERVICE_TYPES,
} from '@app/shared/value-lists';
import { ActionIcon, Box, Group, Paper, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Control, Controller, type UseFormSetValue, useWatch } from 'react-hook-form';
import { formatMoney, isNegative } from '../../../../lib/format/format-money.ts';
import { DateField, SelectField, TextField } from '../../../../ui/form/form-fields.tsx';
import { Picker } from '../../../../ui/picker/picker.tsx';
import type { Valuation } from './line-margin.ts';
import type { RequestFormOutput, RequestFormValues } from './request-form-values.ts';

export type RequestControl = Control<RequestFormValues, unknown, RequestFormOutput>;

const SERVICE_LIST = [...SERVICE_TYPES];

/** The line's margin in the company's base currency, red when negative, or why it is not shown. */
export function MarginText({ valuation, base }: { valuation: Valuation | undefined; base: string | null }) {
  if (!valuation || !base || valuation.kind === 'incomplete')
    return (
      <Text size="sm" c="dimmed">
        Margin —
      </Text>
    );
  if (valuation.kind === 'no-rate')
    return (
      <Text size="sm" c="orange.8">
        No rate {valuation.currency} → {base}
      </Text>
    );
  const negative = isNegative(valuation.value.margin);
  return (
    <Text size="sm" data-testid="line-margin" data-negative={negative ? 'true' : undefined}>
      Margin{' '}
      <Text span fw={700} c={negative ? 'red.7' : 'teal.8'}>
        {formatMoney(valuation.value.margin, base)}
      </Text>
    </Text>
  );
}

/** A day with its hour (00-23) and minute (in fives), as spec section 3 has them. */
function DayTime({
  control,
  index,
  which,
  label,
}: {
  control: RequestControl;
  index: number;
  which: 'from' | 'to';
  label: string;
}) {
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Box style={{ flex: 1, minWidth: 0 }}>
        <DateField control={control} name={`lines.${index}.date_${which}`} label={label} />
      </Box>
      <Box w={76}>
        <SelectField
          control={control}
          name={`lines.${index}.hour_${which}`}
          label="Hour"
          aria-label={`${label} hour`}
          data={REQUEST_HOURS}
          placeholder="hh"
        />
      </Box>
      <Box w={76}>
        <SelectField
          control={control}
          name={`lines.${index}.minute_${which}`}
          label="Min"
          aria-label={`${label} minute`}
          data={REQUEST_MINUTES}
          placeholder="mm"
        />
      </Box>
    </Group>
  );
}

/** An amount and its currency side by side: the decimal mask reads a comma as the dot. */
function Money({
  control,
  index,
  which,
  label,
  required,
}: {
  control: RequestControl;
  index: number;
  which: 'cost' | 'sell';
  label: string;
  required: boolean;
}) {
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Box style={{ flex: 1, minWidth: 0 }}>
        <TextField
          control={control}
          name={`lines.${index}.${which}`}
          label={label}
          mask={{ kind: 'number', scale: 2, min: 0 }}
          inputMode="decimal"
          required={required}
        />
      </Box>
      <Box w={92}>
        <SelectField
          control={control}
          name={`lines.${index}.${which}_currency`}
          label="Currency"
          aria-label={`${label} currency`}
          data={RATE_CURRENCIES}
          required
          clearable={false}
        />
      </Box>
    </Group>
  );
}

function Grid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="sm">
      {children}
    </SimpleGrid>
  );
}

/**
 * One service line of a new request: every field of its service type (Hotel: hotel, room type,
 * meal, cancellation policy; Air tickets: flight class and route; Other: its subtype), its times
 * to the five minutes, money in the supplier's and the client's currencies, and its margin.
 */
export function LineFields({
  kind,
  index,
  control,
  setValue,
  valuation,
  base,
  onRemove,
}: {
  kind: RequestKind;
  index: number;
  control: RequestControl;
  setValue: UseFormSetValue<RequestFormValues>;
  valuation: Valuation | undefined;
  base: string | null;
  /** Absent when this is the only line. */
  onRemove?: () => void;
}) {
  const type = useWatch({ control, name: `lines.${index}.service_type` });
  const accounting = kind === 'accounting';
  const n = index + 1;

  return (
    <Paper withBorder radius="md" p="md" component="fieldset" aria-label={`Line ${n}`} m={0}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="wrap">
            <Title order={3} size="h5">
              Line {n}
              {type ? ` · ${type}` : ''}
            </Title>
            <MarginText valuation={valuation} base={base} />
          </Group>
          {onRemove ? (
            <Tooltip label={`Remove line ${n}`}>
              <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`Remove line ${n}`}>
                <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
                  <path
                    d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>

        <Grid>
          {accounting ? (
            <SelectField
              control={control}
              name={`lines.${index}.service_type`}
              label="Service type"
              data={['Accounting']}
              required
              readOnly
            />
          ) : (
            <SelectField
              control={control}
              name={`lines.${index}.service_type`}
              label="Service type"
              data={SERVICE_LIST}
              required
            />
          )}
          {type === 'Other' ? (
            <SelectField
              control={control}
              name={`lines.${index}.service_subtype`}
              label="Subtype"
              data={SERVICE_SUBTYPES}
              searchable
              required
            />
          ) : null}
          <Controller
            control={control}
            name={`lines.${index}.supplier_id`}
            render={({ field, fieldState }) => (
              <Picker
                label="Supplier"
                object="suppliers"
                displayField="named"
                extraField="currency"
                required={!accounting}
                placeholder={accounting ? 'None' : undefined}
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                value={field.value as number | null}
                onChange={(value, item) => {
                  field.onChange(value ?? null);
                  // a supplier is paid in its own currency
                  const currency = (item as { currency?: unknown } | null | undefined)?.currency;
                  if (
                    typeof currency === 'string' &&
                    (RATE_CURRENCIES as readonly string[]).includes(currency)
                  )
                    setValue(`lines.${index}.cost_currency`, currency, { shouldDirty: true });
                }}
              />
            )}
          />
          <TextField
            control={control}
            name={`lines.${index}.pax`}
            label="Pax"
            mask={{ kind: 'number', scale: 0, min: 1, max: 999, thousandsSeparator: '' }}
            inputMode="numeric"
          />
        </Grid>

        {type === 'Hotel' ? (
          <Grid>
            <TextField control={control} name={`lines.${index}.hotel_name`} label="Hotel" />
            <SelectField
              control={control}
              name={`lines.${index}.room_type`}
              label="Room type"
              data={ROOM_TYPES}
            />
            <SelectField control={control} name={`lines.${index}.meal`} label="Meal" data={ROOM_MEALS} />
            <SelectField
              control={control}
              name={`lines.${index}.cancellation_policy`}
              label="Cancellation policy"
              data={CANCELLATION_POLICIES}
            />
          </Grid>
        ) : null}
        {type === 'Air tickets' ? (
          <Grid>
            <SelectField
              control={control}
              name={`lines.${index}.flight_class`}
              label="Flight class"
              data={FLIGHT_CLASSES}
            />
            <TextField
              control={control}
              name={`lines.${index}.route`}
              label="Route"
              placeholder="LHR – DXB – LHR"
            />
          </Grid>
        ) : null}

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm">
          <DayTime control={control} index={index} which="from" label="From" />
          <DayTime control={control} index={index} which="to" label="To" />
        </SimpleGrid>

        <Grid>
          <SelectField
            control={control}
            name={`lines.${index}.account_type`}
            label="Account type"
            data={ACCOUNT_TYPES}
            required
          />
          <SelectField
            control={control}
            name={`lines.${index}.payment_method`}
            label="Payment method"
            data={PAYMENT_METHODS}
            required
          />
          <Money control={control} index={index} which="cost" label="Cost" required />
          <Money control={control} index={index} which="sell" label="Sell" required />
        </Grid>

        <TextField control={control} name={`lines.${index}.description`} label="Line description" />
      </Stack>
    </Paper>
  );
}
