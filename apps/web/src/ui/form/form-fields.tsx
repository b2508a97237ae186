import {
  type Control,
  type FieldPath,
  type FieldValues,
  type UseControllerProps,
  useController,
} from 'react-hook-form';
import { DatePicker, type DatePickerProps } from '../dates/date-picker';
import { DateRangePicker, type DateRangePickerProps, type DateRangeValue } from '../dates/date-range-picker';
import { Picker, type PickerItem, type PickerProps } from '../picker/picker';
import type { PickerKey } from '../picker/picker-query';
import { Select, type SelectProps } from '../select/select';
import type { OptionValue, SelectItem } from '../select/select-options';
import { TextInput, type TextInputProps } from '../text-input/text-input';

/**
 * Thin react-hook-form bindings: each widget gets value, onChange, onBlur, ref and the field's
 * error message from useController. Validation stays in the form's zod schema (packages/shared
 * field builders), so the widget shows the same words the server would answer with.
 */
interface Bound<TFV extends FieldValues, TName extends FieldPath<TFV>> {
  name: TName;
  control: Control<TFV>;
  rules?: UseControllerProps<TFV, TName>['rules'];
}

type Controlled = 'value' | 'onChange' | 'onBlur' | 'error' | 'name' | 'ref';

export function FormTextInput<TFV extends FieldValues, TName extends FieldPath<TFV>>(
  props: Bound<TFV, TName> & Omit<TextInputProps, Controlled>,
) {
  const { name, control, rules, ...rest } = props;
  const { field, fieldState } = useController({ name, control, rules });
  return (
    <TextInput
      {...rest}
      name={field.name}
      ref={field.ref}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

export function FormSelect<
  TFV extends FieldValues,
  TName extends FieldPath<TFV>,
  T extends SelectItem = SelectItem,
>(props: Bound<TFV, TName> & DistributiveOmit<SelectProps<T>, Controlled>) {
  const { name, control, rules, ...rest } = props;
  const { field, fieldState } = useController({ name, control, rules });
  const common = { name: field.name, ref: field.ref, onBlur: field.onBlur, error: fieldState.error?.message };
  if (rest.multiple) {
    return (
      <Select<T>
        {...rest}
        {...common}
        multiple
        value={(field.value as OptionValue[] | null | undefined) ?? []}
        onChange={(values) => field.onChange(values)}
      />
    );
  }
  return (
    <Select<T>
      {...rest}
      {...common}
      multiple={false}
      value={(field.value as OptionValue | null | undefined) ?? null}
      onChange={(value) => field.onChange(value)}
    />
  );
}

export function FormPicker<
  TFV extends FieldValues,
  TName extends FieldPath<TFV>,
  T extends PickerItem = PickerItem,
>(props: Bound<TFV, TName> & DistributiveOmit<PickerProps<T>, Controlled>) {
  const { name, control, rules, ...rest } = props;
  const { field, fieldState } = useController({ name, control, rules });
  const common = { name: field.name, ref: field.ref, onBlur: field.onBlur, error: fieldState.error?.message };
  if (rest.multiple) {
    return (
      <Picker<T>
        {...rest}
        {...common}
        multiple
        value={(field.value as PickerKey[] | null | undefined) ?? []}
        onChange={(values) => field.onChange(values)}
      />
    );
  }
  return (
    <Picker<T>
      {...rest}
      {...common}
      multiple={false}
      value={(field.value as PickerKey | null | undefined) ?? null}
      onChange={(value) => field.onChange(value)}
    />
  );
}

/**
 * A day typed outside the bounds is clamped, so the form holds a valid value and may submit; the
 * minDate/maxDate flag shows on the field and goes to `onDateIssue`. Unparsable text leaves the
 * form value null, which a required schema refuses.
 */
export function FormDatePicker<TFV extends FieldValues, TName extends FieldPath<TFV>>(
  props: Bound<TFV, TName> & Omit<DatePickerProps, Controlled>,
) {
  const { name, control, rules, ...rest } = props;
  const { field, fieldState } = useController({ name, control, rules });
  return (
    <DatePicker
      {...rest}
      name={field.name}
      ref={field.ref}
      value={(field.value as string | null | undefined) ?? null}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

export function FormDateRangePicker<TFV extends FieldValues, TName extends FieldPath<TFV>>(
  props: Bound<TFV, TName> & Omit<DateRangePickerProps, Controlled>,
) {
  const { name, control, rules, ...rest } = props;
  const { field, fieldState } = useController({ name, control, rules });
  const error = fieldState.error;
  // A tuple schema reports per end (`period.0`); show whichever message there is.
  const message =
    error?.message ??
    (Array.isArray(error)
      ? (error as ({ message?: string } | undefined)[]).find((e) => e?.message)?.message
      : undefined);
  return (
    <DateRangePicker
      {...rest}
      name={field.name}
      ref={field.ref}
      value={(field.value as DateRangeValue | null | undefined) ?? [null, null]}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={message}
    />
  );
}

/** Omit that keeps a union a union (so `multiple` still narrows the value type). */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
