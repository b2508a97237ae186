import { useId } from '@mantine/hooks';
import { type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import type { FieldBaseProps } from '../field/field-props';
import { useFieldError } from '../field/use-field-error';
import type { CalendarPopoverProps, DatePopupPosition } from './calendar-popover';
import { type IsoDay, todayIso } from './date-format';
import type { DateIssue, DayRules } from './date-rules';

/** What both date widgets take besides their value and onChange. */
export interface DateFieldProps extends FieldBaseProps, DayRules {
  /** @default 'bottom' */
  position?: DatePopupPosition;
  /** Render the popup in the page body. @default true */
  withinPortal?: boolean;
  /** Told of every finding (unparsable text, a clamped bound) and of its end (null). */
  onDateIssue?: (issue: DateIssue | null) => void;
  icon?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  /** For tests and "today" logic. @default the current day */
  today?: IsoDay;
}

interface DateValueModel<V> {
  value: V;
  onChange: (value: V) => void;
  format: (value: V) => string;
  same: (a: V, b: V) => boolean;
  /** A string that changes exactly when the value does (effect dependency). */
  key: string;
  /** The value holds no date (for 'Required field'). */
  isEmpty: boolean;
}

/** The popover props the hook fills in; the widget adds the calendar, its state and onCommit. */
type SharedPopoverProps = Omit<
  CalendarPopoverProps,
  | 'onCommit'
  | 'opened'
  | 'onOpenedChange'
  | 'columns'
  | 'month'
  | 'onMonthChange'
  | 'getDayProps'
  | 'onToday'
  | 'onClear'
>;

/** Separates the day rules from the props that go on to the popover. */
function splitDayRules<P extends DayRules>(props: P): [DayRules, Omit<P, keyof DayRules>] {
  const { minDate, maxDate, disabledDaysOfWeek, disabledDates, enabledDates, allowOtherMonths, ...rest } =
    props;
  return [{ minDate, maxDate, disabledDaysOfWeek, disabledDates, enabledDates, allowOtherMonths }, rest];
}

/**
 * The state both date widgets share: the typed text, the widget's own finding, 'Required field',
 * and the rule that a value set from outside (form reset, another field) replaces the text while
 * the widget's own changes do not, so unparsable text stays on screen after the form is told
 * "no date".
 */
export function useDateField<V>(props: DateFieldProps, model: DateValueModel<V>) {
  const {
    position = 'bottom',
    withinPortal = true,
    onDateIssue,
    icon,
    ref,
    today: todayProp,
    error: outerError,
    required,
    onBlur,
    id,
    ...others
  } = props;
  const [rules, field] = splitDayRules(others);
  const { minDate, maxDate } = rules;
  const { value, onChange, format, same } = model;
  const inputId = useId(id);
  const today = todayProp ?? todayIso();
  const [text, setText] = useState(() => format(value));
  const [issue, setIssue] = useState<DateIssue | null>(null);
  const { error, markTouched } = useFieldError({
    error: outerError,
    required,
    empty: model.isEmpty && text.trim() === '',
    ownError: issue?.message,
  });

  const emitted = useRef(value);
  const emit = (next: V) => {
    emitted.current = next;
    if (!same(next, value)) onChange(next);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: model.key stands for the value
  useEffect(() => {
    if (same(value, emitted.current)) return;
    emitted.current = value;
    setText(format(value));
    setIssue(null);
  }, [model.key]);

  const report = (next: DateIssue | null) => {
    setIssue(next);
    onDateIssue?.(next);
  };

  const popoverProps: SharedPopoverProps = {
    ...field,
    ref,
    inputId,
    icon,
    error,
    required,
    text,
    onTextChange: (t) => {
      setText(t);
      if (issue) report(null);
    },
    onInputBlur: () => {
      markTouched();
      onBlur?.();
    },
    position,
    withinPortal,
    minDate,
    maxDate,
  };

  return { rules, today, text, setText, report, emit, popoverProps };
}
