import { RATE_CURRENCIES } from '@app/shared/rates/currencies';
import { Box, Group } from '@mantine/core';
import { type Control, Controller, type FieldValues, type Path, useController } from 'react-hook-form';
import { SelectField, TextField } from '../../../../ui/form/form-fields.tsx';
import { Picker } from '../../../../ui/picker/picker.tsx';

type Bound<T extends FieldValues, O extends FieldValues> = {
  control: Control<T, unknown, O>;
  name: Path<T>;
  /** Where the amount's currency is kept. */
  currencyName: Path<T>;
  disabled?: boolean;
};

/**
 * An amount and its currency side by side (a line's cost and sell, an offer's cost and price):
 * the decimal mask reads a comma as the dot. The currency is named after the label's first word
 * (`Cost (supplier)` -> `Cost currency`).
 */
export function MoneyField<T extends FieldValues, O extends FieldValues>({
  control,
  name,
  currencyName,
  label,
  disabled = false,
}: Bound<T, O> & { label: string }) {
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Box style={{ flex: 1, minWidth: 0 }}>
        <TextField
          control={control}
          name={name}
          label={label}
          mask={{ kind: 'number', scale: 2, min: 0 }}
          inputMode="decimal"
          required
          disabled={disabled}
        />
      </Box>
      <Box w="6.5rem">
        <SelectField
          control={control}
          name={currencyName}
          label="Currency"
          aria-label={`${label.split(' ')[0]} currency`}
          data={RATE_CURRENCIES}
          required
          clearable={false}
          disabled={disabled}
        />
      </Box>
    </Group>
  );
}

/** The `currency` of a picked supplier, when it is one the rates know. */
function supplierCurrency(item: unknown): string | null {
  const currency = (item as { currency?: unknown } | null | undefined)?.currency;
  return typeof currency === 'string' && (RATE_CURRENCIES as readonly string[]).includes(currency)
    ? currency
    : null;
}

/** A supplier, with its currency on the right; choosing one sets the cost currency to the supplier's own. */
export function SupplierField<T extends FieldValues, O extends FieldValues>({
  control,
  name,
  currencyName,
  disabled = false,
  required,
  placeholder,
  known,
}: Bound<T, O> & {
  required: boolean;
  placeholder?: string | undefined;
  /** The current supplier, so the picker shows its name without a preload. */
  known?: { id: number; name: string } | null | undefined;
}) {
  const currency = useController({ control, name: currencyName });
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Picker
          label="Supplier"
          object="suppliers"
          displayField="named"
          extraField="currency"
          required={required}
          placeholder={placeholder}
          disabled={disabled}
          initialItems={known ? [{ id: known.id, named: known.name }] : undefined}
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          value={field.value as number | null}
          onChange={(value, item) => {
            field.onChange(value ?? null);
            // a supplier is paid in its own currency
            const own = supplierCurrency(item);
            if (own) currency.field.onChange(own);
          }}
        />
      )}
    />
  );
}
