// Shared widgets of spec section 2.6 (toasts live in ./toasts, owned separately).
export {
  type CalendarPopoverProps,
  DATE_BUTTON_LABELS,
  type DatePopupPosition,
} from './dates/calendar-popover';
export * from './dates/date-format';
export { DatePicker, type DatePickerProps } from './dates/date-picker';
export {
  DateRangePicker,
  type DateRangePickerProps,
  type DateRangePreset,
  type DateRangeValue,
} from './dates/date-range-picker';
export * from './dates/date-rules';
export * from './dates/range-stack';
export { FieldError, fieldIds } from './field/field-error';
export type { FieldBaseProps } from './field/field-props';
export { useFieldError } from './field/use-field-error';
export { readQueryParam, useQueryParamPrefill } from './field/use-query-param-prefill';
export {
  FormDatePicker,
  FormDateRangePicker,
  FormPicker,
  FormSelect,
  FormTextInput,
} from './form/form-fields';
export { Picker, type PickerItem, type PickerProps } from './picker/picker';
export {
  defaultPickerFetcher,
  type PickerFetcher,
  PickerFetcherProvider,
  usePickerFetcher,
} from './picker/picker-fetcher';
export * from './picker/picker-query';
export { NOTHING_FOUND, SEARCH_PLACEHOLDER } from './select/combobox-parts';
export { Select, type SelectProps } from './select/select';
export type { OptionValue, SelectGroup, SelectItem } from './select/select-options';
export { applyCase, type CaseMode } from './text-input/case-mode';
export type { TextMask } from './text-input/input-mask';
export { TextInput, type TextInputProps } from './text-input/text-input';
