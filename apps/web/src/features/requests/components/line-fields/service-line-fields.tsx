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
import { Box, Fieldset, Group, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Control, type FieldValues, type Path, useWatch } from 'react-hook-form';
import { DateField, SelectField, TextAreaField, TextField } from '../../../../ui/form/form-fields.tsx';
import { MoneyField, SupplierField } from '../fields/money-fields.tsx';
import type { LineField } from './line-values.ts';

/**
 * How the fields are laid out: `grid` (a card among others on the create page, four columns on a
 * wide screen) or `sections` (the request page's drawer: Service, Hotel, Flight, Dates, Money).
 */
export type LineLayout = 'grid' | 'sections';

type Bound = { control: Control<FieldValues>; at: (field: LineField) => Path<FieldValues> };

export interface ServiceLineFieldsProps<T extends FieldValues, O extends FieldValues> {
  /** The form's control; its values hold a line (`LineValues`) at `prefix`. */
  control: Control<T, unknown, O>;
  /** Where the line sits in the form's values: `''` for a form of one line, `lines.2.` in a list. */
  prefix?: string;
  kind: RequestKind;
  layout: LineLayout;
  /** A field the line's status no longer lets change (the drawer's locks): shown disabled. */
  locked?: (field: LineField) => boolean;
  /** The line's supplier, so the picker shows its name without a preload. */
  supplier?: { id: number; name: string } | null;
}

/**
 * Every field of a service line for its service type (Hotel: hotel, room type, meal, cancellation
 * policy; Air tickets: flight class and route; Other: its subtype), its times to the five minutes,
 * and its money in the supplier's and the client's currencies. Choosing a supplier sets the cost
 * currency to the supplier's own. One set of fields for the create page and the line drawer.
 */
export function ServiceLineFields<T extends FieldValues, O extends FieldValues>({
  control,
  prefix = '',
  kind,
  layout,
  locked = () => false,
  supplier,
}: ServiceLineFieldsProps<T, O>) {
  // The fields are written once for any form that holds a line somewhere in its values.
  const c = control as unknown as Control<FieldValues>;
  const at = (field: LineField) => `${prefix}${field}` as Path<FieldValues>;
  const b: Bound = { control: c, at };
  const type = useWatch({ control: c, name: at('service_type') }) as string | null;
  const accounting = type === 'Accounting';
  const Block = layout === 'grid' ? GridBlock : SectionBlock;

  return (
    <>
      <Block legend="Service">
        <SelectField
          control={c}
          name={at('service_type')}
          label="Service type"
          data={kind === 'accounting' ? ['Accounting'] : SERVICE_TYPES}
          required
          readOnly={kind === 'accounting'}
          disabled={locked('service_type')}
        />
        {type === 'Other' ? (
          <SelectField
            control={c}
            name={at('service_subtype')}
            label="Subtype"
            data={SERVICE_SUBTYPES}
            searchable
            required
            disabled={locked('service_subtype')}
          />
        ) : null}
        <SupplierField
          control={c}
          name={at('supplier_id')}
          currencyName={at('cost_currency')}
          required={!accounting}
          placeholder={accounting ? 'None' : undefined}
          disabled={locked('supplier_id')}
          known={supplier}
        />
        <TextField
          control={c}
          name={at('pax')}
          label="Pax"
          mask={{ kind: 'number', scale: 0, min: 1, max: 999, thousandsSeparator: '' }}
          inputMode="numeric"
          disabled={locked('pax')}
        />
      </Block>

      {type === 'Hotel' ? (
        <Block legend="Hotel">
          <TextField control={c} name={at('hotel_name')} label="Hotel" disabled={locked('hotel_name')} />
          <SelectField
            control={c}
            name={at('room_type')}
            label="Room type"
            data={ROOM_TYPES}
            disabled={locked('room_type')}
          />
          <SelectField
            control={c}
            name={at('meal')}
            label="Meal"
            data={ROOM_MEALS}
            disabled={locked('meal')}
          />
          <SelectField
            control={c}
            name={at('cancellation_policy')}
            label="Cancellation policy"
            data={CANCELLATION_POLICIES}
            disabled={locked('cancellation_policy')}
          />
        </Block>
      ) : null}
      {type === 'Air tickets' ? (
        <Block legend="Flight">
          <SelectField
            control={c}
            name={at('flight_class')}
            label="Flight class"
            data={FLIGHT_CLASSES}
            disabled={locked('flight_class')}
          />
          <TextField
            control={c}
            name={at('route')}
            label="Route"
            placeholder="LHR – DXB – LHR"
            disabled={locked('route')}
          />
        </Block>
      ) : null}

      <Block legend="Dates" wide>
        <DayTime {...b} which="from" label="From" locked={locked} />
        <DayTime {...b} which="to" label="To" locked={locked} />
      </Block>

      <Block legend="Money">
        <SelectField
          control={c}
          name={at('account_type')}
          label="Account type"
          data={ACCOUNT_TYPES}
          required
          disabled={locked('account_type')}
        />
        <SelectField
          control={c}
          name={at('payment_method')}
          label="Payment method"
          data={PAYMENT_METHODS}
          required
          disabled={locked('payment_method')}
        />
        <MoneyField
          control={c}
          name={at('cost')}
          currencyName={at('cost_currency')}
          label="Cost (supplier)"
          disabled={locked('cost') || locked('cost_currency')}
        />
        <MoneyField
          control={c}
          name={at('sell')}
          currencyName={at('sell_currency')}
          label="Sell (client)"
          disabled={locked('sell') || locked('sell_currency')}
        />
      </Block>

      {locked('description') ? null : layout === 'grid' ? (
        <TextField control={c} name={at('description')} label="Line description" />
      ) : (
        <TextAreaField control={c} name={at('description')} label="Description" />
      )}
    </>
  );
}

/** A card's row of fields: one column on a phone, two on a tablet, four (two when `wide`) on a wide screen. */
function GridBlock({ wide, children }: { legend: string; wide?: boolean; children: ReactNode }) {
  return (
    <SimpleGrid
      cols={wide ? { base: 1, md: 2 } : { base: 1, sm: 2, lg: 4 }}
      spacing="md"
      verticalSpacing="sm"
    >
      {children}
    </SimpleGrid>
  );
}

/** A titled section of the drawer, two columns from a tablet up. */
function SectionBlock({ legend, children }: { legend: string; wide?: boolean; children: ReactNode }) {
  return (
    <Fieldset legend={legend} radius="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </Fieldset>
  );
}

/** A day with its hour (00-23) and minute (in fives), as spec section 3 has them. */
function DayTime({
  control,
  at,
  which,
  label,
  locked,
}: Bound & { which: 'from' | 'to'; label: string; locked: (field: LineField) => boolean }) {
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Box style={{ flex: 1, minWidth: 0 }}>
        <DateField
          control={control}
          name={at(`date_${which}`)}
          label={label}
          disabled={locked(`date_${which}`)}
        />
      </Box>
      <Box w="4.75rem">
        <SelectField
          control={control}
          name={at(`hour_${which}`)}
          label="Hour"
          aria-label={`${label} hour`}
          data={REQUEST_HOURS}
          placeholder="hh"
          disabled={locked(`hour_${which}`)}
        />
      </Box>
      <Box w="4.75rem">
        <SelectField
          control={control}
          name={at(`minute_${which}`)}
          label="Min"
          aria-label={`${label} minute`}
          data={REQUEST_MINUTES}
          placeholder="mm"
          disabled={locked(`minute_${which}`)}
        />
      </Box>
    </Group>
  );
}
