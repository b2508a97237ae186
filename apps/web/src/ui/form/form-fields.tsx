import { Textarea } from '@mantine/core';
import {
  type Control,
  Controller,
  type ControllerFieldState,
  type ControllerRenderProps,
  type FieldValues,
  type Path,
} from 'react-hook-form';
import { DatePicker, type DatePickerProps } from '../dates/date-picker.tsx';
import { type MultiPickerProps, Picker, type PickerItem, type SinglePickerProps } from '../picker/picker.tsx';
import { type MultiSelectProps, Select, type SingleSelectProps } from '../select/select.tsx';
import type { SelectItem } from '../select/select-options.ts';
import { TextInput, type TextInputProps } from '../text-input/text-input.tsx';

/**
 * react-hook-form bindings for the shared widgets: each field shows the schema's message, or one
 * the form set after the server refused a save (`setError`), under the control.
 */
interface Bound<T extends FieldValues, O extends FieldValues> {
  /** The form's control; `O` is what its resolver outputs, which the fields do not care about. */
  control: Control<T, unknown, O>;
  name: Path<T>;
}

type Rendered<T extends FieldValues> = {
  field: ControllerRenderProps<T, Path<T>>;
  fieldState: ControllerFieldState;
};

/** What every bound widget takes from its controller besides its value. */
function bound<T extends FieldValues>({ field, fieldState }: Rendered<T>) {
  return {
    name: field.name,
    ref: field.ref,
    onBlur: field.onBlur,
    error: fieldState.error?.message,
  };
}

/** A multiple choice's value: none is an empty list. */
function manyValue<K, T extends FieldValues>({ field }: Rendered<T>) {
  return {
    multiple: true as const,
    value: (field.value as K[] | null) ?? [],
    onChange: (values: readonly unknown[]) => field.onChange(values),
  };
}

/** A single choice's value: an emptied optional choice stores null, which the schemas read as "none". */
function oneValue<K, T extends FieldValues>({ field }: Rendered<T>) {
  return {
    multiple: false as const,
    value: (field.value as K | null) ?? null,
    onChange: (value: unknown) => field.onChange(value ?? null),
  };
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
      render={(r) => (
        <TextInput
          {...props}
          {...bound(r)}
          value={r.field.value as string | null}
          onChange={r.field.onChange}
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
  description,
  maxLength,
  onEnter,
}: Bound<T, O> & {
  label: string;
  rows?: number;
  description?: string;
  maxLength?: number;
  /** Given: Enter runs it (a dialog's save, as in every other field); Shift+Enter starts a new line. */
  onEnter?: () => void;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={(r) => (
        <Textarea
          label={label}
          description={description}
          {...bound(r)}
          value={(r.field.value as string | null) ?? ''}
          onChange={(event) => r.field.onChange(event.currentTarget.value)}
          onKeyDown={
            onEnter
              ? (event) => {
                  if (event.key === 'Enter' && !event.shiftKey) {
                    event.preventDefault();
                    onEnter();
                  }
                }
              : undefined
          }
          rows={rows}
          resize="vertical"
          maxLength={maxLength}
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
      render={(r) =>
        props.multiple ? (
          <Select<I> {...props} {...bound(r)} {...manyValue<string, T>(r)} />
        ) : (
          <Select<I> {...props} {...bound(r)} {...oneValue<string, T>(r)} />
        )
      }
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
      render={(r) =>
        props.multiple ? (
          <Picker<I> {...props} {...bound(r)} {...manyValue<string | number, T>(r)} />
        ) : (
          <Picker<I> {...props} {...bound(r)} {...oneValue<string | number, T>(r)} />
        )
      }
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
      render={(r) => (
        <DatePicker
          {...props}
          {...bound(r)}
          value={(r.field.value as string | null) || null}
          onChange={(value) => r.field.onChange(value ?? '')}
        />
      )}
    />
  );
}
