import { Textarea } from '@mantine/core';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { DatePicker, type DatePickerProps } from '../../../../ui/dates/date-picker.tsx';
import {
  type MultiPickerProps,
  Picker,
  type PickerItem,
  type SinglePickerProps,
} from '../../../../ui/picker/picker.tsx';
import { type MultiSelectProps, Select, type SingleSelectProps } from '../../../../ui/select/select.tsx';
import type { SelectItem } from '../../../../ui/select/select-options.ts';
import { TextInput, type TextInputProps } from '../../../../ui/text-input/text-input.tsx';

/**
 * react-hook-form bindings for the shared widgets of src/ui: each field shows the schema's message,
 * or the server's after a refused save (applyServerErrors), under the control.
 */
interface Bound<T extends FieldValues, O extends FieldValues> {
  /** The form's control; `O` is what its resolver outputs, which the fields do not care about. */
  control: Control<T, unknown, O>;
  name: Path<T>;
}

export function TextField<T extends FieldValues, O extends FieldValues = T>({
  control,
  name,
  ...props
}: Bound<T, O> & Omit<TextInputProps, 'value' | 'onChange' | 'name' | 'error' | 'ref'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          {...props}
          name={field.name}
          ref={field.ref}
          value={field.value as string | null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

export function TextAreaField<T extends FieldValues, O extends FieldValues = T>({
  control,
  name,
  label,
  rows = 3,
}: Bound<T, O> & { label: string; rows?: number }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Textarea
          label={label}
          name={field.name}
          ref={field.ref}
          value={(field.value as string | null) ?? ''}
          onChange={(event) => field.onChange(event.currentTarget.value)}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
          rows={rows}
          resize="vertical"
        />
      )}
    />
  );
}

type SelectFieldProps<I extends SelectItem> =
  | Omit<SingleSelectProps<I>, 'value' | 'onChange' | 'name' | 'error' | 'ref'>
  | Omit<MultiSelectProps<I>, 'value' | 'onChange' | 'name' | 'error' | 'ref'>;

export function SelectField<
  T extends FieldValues,
  O extends FieldValues = T,
  I extends SelectItem = SelectItem,
>({ control, name, ...props }: Bound<T, O> & SelectFieldProps<I>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const common = {
          name: field.name,
          ref: field.ref,
          onBlur: field.onBlur,
          error: fieldState.error?.message,
        };
        return props.multiple ? (
          <Select<I>
            {...props}
            {...common}
            multiple
            value={(field.value as string[] | null) ?? []}
            onChange={(values) => field.onChange(values)}
          />
        ) : (
          <Select<I>
            {...props}
            {...common}
            multiple={false}
            value={(field.value as string | null) ?? null}
            // an emptied optional select stores null, which the schemas read as "none"
            onChange={(value) => field.onChange(value ?? null)}
          />
        );
      }}
    />
  );
}

type PickerFieldProps<I extends PickerItem> =
  | Omit<SinglePickerProps<I>, 'value' | 'onChange' | 'name' | 'error' | 'ref'>
  | Omit<MultiPickerProps<I>, 'value' | 'onChange' | 'name' | 'error' | 'ref'>;

export function PickerField<
  T extends FieldValues,
  O extends FieldValues = T,
  I extends PickerItem = PickerItem,
>({ control, name, ...props }: Bound<T, O> & PickerFieldProps<I>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const common = {
          name: field.name,
          ref: field.ref,
          onBlur: field.onBlur,
          error: fieldState.error?.message,
        };
        return props.multiple ? (
          <Picker<I>
            {...props}
            {...common}
            multiple
            value={(field.value as (string | number)[] | null) ?? []}
            onChange={(values) => field.onChange(values)}
          />
        ) : (
          <Picker<I>
            {...props}
            {...common}
            multiple={false}
            value={(field.value as string | number | null) ?? null}
            onChange={(value) => field.onChange(value ?? null)}
          />
        );
      }}
    />
  );
}

export function DateField<T extends FieldValues, O extends FieldValues = T>({
  control,
  name,
  ...props
}: Bound<T, O> & Omit<DatePickerProps, 'value' | 'onChange' | 'name' | 'error' | 'ref'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DatePicker
          {...props}
          name={field.name}
          ref={field.ref}
          value={(field.value as string | null) || null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
