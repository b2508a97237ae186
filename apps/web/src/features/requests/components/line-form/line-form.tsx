import { RATE_CURRENCIES } from '@app/shared/rates/currencies';
import {
  type CreateRequestLineBody,
  REQUEST_HOURS,
  REQUEST_MINUTES,
} from '@app/shared/requests/requests.schemas';
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
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { setFormError, showServerFieldErrors } from '../../../../lib/forms/server-field-errors.ts';
import { isHttpError } from '../../../../lib/http/http-error.ts';
import { DateField, SelectField, TextAreaField, TextField } from '../../../../ui/form/form-fields.tsx';
import { Picker } from '../../../../ui/picker/picker.tsx';
import { DeadlinesEditor } from './deadlines-editor.tsx';
import {
  fieldEditable,
  type LineControl,
  LineFormSchema,
  type LineFormValues,
  type LineLock,
  lineBody,
} from './line-form-values.ts';

const FORM_FIELDS = [
  'service_type',
  'service_subtype',
  'supplier_id',
  'date_from',
  'hour_from',
  'minute_from',
  'date_to',
  'hour_to',
  'minute_to',
  'pax',
  'description',
  'account_type',
  'cost',
  'cost_currency',
  'sell',
  'sell_currency',
  'payment_method',
  'hotel_name',
  'room_type',
  'meal',
  'cancellation_policy',
  'flight_class',
  'route',
  'deadlines',
] as const;

export const STALE_LINE_MESSAGE =
  'This line was changed by someone else while you were editing it. Reload the request to see the latest version, then make your changes again.';

const LOCK_NOTES: Record<LineLock, string | null> = {
  open: null,
  stamped:
    'This line is confirmed: its service and money are stamped. Times, description and deadline payments can still change; undo the confirmation to change the rest.',
  closed: 'This line is invoiced, accounted or canceled: only its deadline payments can change.',
};

export interface LineFormProps {
  kind?: RequestKind;
  initial: LineFormValues;
  lock?: LineLock;
  /** The line's supplier, so the picker shows its name without a preload. */
  supplier?: { id: number; name: string } | null;
  submitLabel: string;
  /** Saves the line; a thrown HTTP error is shown on the form (400 fields, 409 stale). */
  onSubmit: (body: CreateRequestLineBody) => Promise<void>;
  onCancel: () => void;
  /** Offered with a stale (409) answer: reloads the request. */
  onReload?: () => void;
}

/**
 * One service line with every field of its service type (Hotel: hotel, room type, meal,
 * cancellation policy; Air tickets: flight class and route; Other: its subtype), its times to the
 * five minutes, money in the supplier's and the client's currencies, and its deadline payments.
 */
export function LineForm({
  kind = 'service',
  initial,
  lock = 'open',
  supplier,
  submitLabel,
  onSubmit,
  onCancel,
  onReload,
}: LineFormProps) {
  const { control, handleSubmit, setError, setValue, formState } = useForm<
    LineFormValues,
    unknown,
    CreateRequestLineBody
  >({
    defaultValues: initial,
    resolver: zodResolver(LineFormSchema) as never,
  });
  const [stale, setStale] = useState(false);
  const type = useWatch({ control, name: 'service_type' });
  const off = (field: keyof LineFormValues) => !fieldEditable(lock, field);
  const serviceTypes = kind === 'accounting' ? (['Accounting'] as const) : SERVICE_TYPES;

  const submit = handleSubmit(async (values) => {
    setStale(false);
    try {
      await onSubmit(lineBody(values));
    } catch (error) {
      if (isHttpError(error) && error.status === 409) setStale(true);
      else showServerFieldErrors(error, FORM_FIELDS, setFormError(setError));
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Service line">
      <Stack gap="md">
        {LOCK_NOTES[lock] ? (
          <Alert color="blue" variant="light" p="sm">
            <Text size="sm">{LOCK_NOTES[lock]}</Text>
          </Alert>
        ) : null}
        {stale ? (
          <Alert color="orange" title="Changed by someone else" role="alert" data-testid="stale-alert">
            <Group justify="space-between" align="center" gap="sm">
              <Text size="sm">{STALE_LINE_MESSAGE}</Text>
              {onReload ? (
                <Button size="xs" color="orange" onClick={onReload}>
                  Reload
                </Button>
              ) : null}
            </Group>
          </Alert>
        ) : null}

        {lock === 'closed' ? <DeadlinesEditor control={control} /> : null}

        <Section legend="Service">
          <SelectField
            control={control}
            name="service_type"
            label="Service type"
            data={serviceTypes}
            required
            disabled={off('service_type') || kind === 'accounting'}
          />
          {type === 'Other' ? (
            <SelectField
              control={control}
              name="service_subtype"
              label="Subtype"
              data={SERVICE_SUBTYPES}
              searchable
              required
              disabled={off('service_subtype')}
            />
          ) : null}
          <Controller
            control={control}
            name="supplier_id"
            render={({ field, fieldState }) => (
              <Picker
                label="Supplier"
                object="suppliers"
                displayField="named"
                extraField="currency"
                required={type !== 'Accounting'}
                disabled={off('supplier_id')}
                initialItems={supplier ? [{ id: supplier.id, named: supplier.name }] : []}
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                value={field.value}
                onChange={(value, item) => {
                  field.onChange(value ?? null);
                  // the supplier's own currency is what its cost comes in
                  const currency = (item as { currency?: unknown } | null | undefined)?.currency;
                  if (
                    typeof currency === 'string' &&
                    (RATE_CURRENCIES as readonly string[]).includes(currency)
                  )
                    setValue('cost_currency', currency, { shouldDirty: true });
                }}
              />
            )}
          />
          <TextField
            control={control}
            name="pax"
            label="Pax"
            mask={{ kind: 'number', scale: 0, min: 1, max: 999 }}
            disabled={off('pax')}
          />
        </Section>

        {type === 'Hotel' ? (
          <Section legend="Hotel">
            <TextField control={control} name="hotel_name" label="Hotel" disabled={off('hotel_name')} />
            <SelectField
              control={control}
              name="room_type"
              label="Room type"
              data={ROOM_TYPES}
              disabled={off('room_type')}
            />
            <SelectField
              control={control}
              name="meal"
              label="Meal"
              data={ROOM_MEALS}
              disabled={off('meal')}
            />
            <SelectField
              control={control}
              name="cancellation_policy"
              label="Cancellation policy"
              data={CANCELLATION_POLICIES}
              disabled={off('cancellation_policy')}
            />
          </Section>
        ) : null}
        {type === 'Air tickets' ? (
          <Section legend="Flight">
            <SelectField
              control={control}
              name="flight_class"
              label="Flight class"
              data={FLIGHT_CLASSES}
              disabled={off('flight_class')}
            />
            <TextField
              control={control}
              name="route"
              label="Route"
              placeholder="LHR – DXB – LHR"
              disabled={off('route')}
            />
          </Section>
        ) : null}

        <Section legend="Dates" cols={2}>
          <DayTime control={control} which="from" label="From" off={off} />
          <DayTime control={control} which="to" label="To" off={off} />
        </Section>

        <Section legend="Money">
          <SelectField
            control={control}
            name="account_type"
            label="Account type"
            data={ACCOUNT_TYPES}
            required
            disabled={off('account_type')}
          />
          <SelectField
            control={control}
            name="payment_method"
            label="Payment method"
            data={PAYMENT_METHODS}
            required
            disabled={off('payment_method')}
          />
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <div style={{ flex: 1, minWidth: 0 }}>
              <TextField
                control={control}
                name="cost"
                label="Cost (supplier)"
                mask={{ kind: 'number', scale: 2, min: 0 }}
                required
                disabled={off('cost')}
              />
            </div>
            <div style={{ width: '6.5rem' }}>
              <SelectField
                control={control}
                name="cost_currency"
                label="Currency"
                aria-label="Cost currency"
                data={RATE_CURRENCIES}
                required
                disabled={off('cost_currency')}
              />
            </div>
          </Group>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <div style={{ flex: 1, minWidth: 0 }}>
              <TextField
                control={control}
                name="sell"
                label="Sell (client)"
                mask={{ kind: 'number', scale: 2, min: 0 }}
                required
                disabled={off('sell')}
              />
            </div>
            <div style={{ width: '6.5rem' }}>
              <SelectField
                control={control}
                name="sell_currency"
                label="Currency"
                aria-label="Sell currency"
                data={RATE_CURRENCIES}
                required
                disabled={off('sell_currency')}
              />
            </div>
          </Group>
        </Section>

        {off('description') ? null : (
          <TextAreaField control={control} name="description" label="Description" />
        )}

        {lock === 'closed' ? null : <DeadlinesEditor control={control} />}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Section({ legend, cols = 2, children }: { legend: string; cols?: number; children: ReactNode }) {
  return (
    <Fieldset legend={legend} radius="md">
      <SimpleGrid cols={{ base: 1, sm: cols }} spacing="md" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </Fieldset>
  );
}

/** A day with its hour (00-23) and minute (in fives), as spec section 3 has them. */
function DayTime({
  control,
  which,
  label,
  off,
}: {
  control: LineControl;
  which: 'from' | 'to';
  label: string;
  off: (field: keyof LineFormValues) => boolean;
}) {
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <div style={{ flex: 1, minWidth: 0 }}>
        <DateField control={control} name={`date_${which}`} label={label} disabled={off(`date_${which}`)} />
      </div>
      <div style={{ width: '4.75rem' }}>
        <SelectField
          control={control}
          name={`hour_${which}`}
          label="Hour"
          aria-label={`${label} hour`}
          data={REQUEST_HOURS}
          placeholder="hh"
          disabled={off(`hour_${which}`)}
        />
      </div>
      <div style={{ width: '4.75rem' }}>
        <SelectField
          control={control}
          name={`minute_${which}`}
          label="Min"
          aria-label={`${label} minute`}
          data={REQUEST_MINUTES}
          placeholder="mm"
          disabled={off(`minute_${which}`)}
        />
      </div>
    </Group>
  );
}
