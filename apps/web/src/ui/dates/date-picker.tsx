import { useId } from '@mantine/hooks';
import { type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import type { FieldBaseProps } from '../field/field-props';
import { useFieldError } from '../field/use-field-error';
import { CalendarPopover, type DatePopupPosition } from './calendar-popover';
import { formatDisplay, type IsoDay, startOfMonth, todayIso } from './date-format';
import {
  clampDate,
  type DateIssue,
  type DayRules,
  isDayDisabled,
  isDayForbidden,
  readTypedDate,
} from './date-rules';

export interface DatePickerProps extends FieldBaseProps, DayRules {
  /** `YYYY-MM-DD` or null. */
  value: IsoDay | null | undefined;
  onChange: (value: IsoDay | null) => void;
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

/** Spec 2.6 single date picker: DD/MM/YYYY, one month, Today and Clear, clamped bounds. */
export function DatePicker(props: DatePickerProps) {
  const {
    value,
    onChange,
    position = 'bottom',
    withinPortal = true,
    onDateIssue,
    icon,
    ref,
    today: todayProp,
    minDate,
    maxDate,
    disabledDaysOfWeek,
    disabledDates,
    enabledDates,
    allowOtherMonths,
    error: outerError,
    required,
    onBlur,
    id,
    ...field
  } = props;
  const rules: DayRules = {
    minDate,
    maxDate,
    disabledDaysOfWeek,
    disabledDates,
    enabledDates,
    allowOtherMonths,
  };
  const inputId = useId(id);
  const [text, setText] = useState(formatDisplay(value));
  const [opened, setOpened] = useState(false);
  const [issue, setIssue] = useState<DateIssue | null>(null);
  const [month, setMonth] = useState<IsoDay>(startOfMonth(value ?? todayProp ?? todayIso()));
  const { error, markTouched } = useFieldError({
    error: outerError,
    required,
    empty: !value && text.trim() === '',
    ownError: issue?.message,
  });

  // A value set from outside (form reset, another field) replaces the text; our own changes do not,
  // so unparsable text stays on screen after the form is told "no date".
  const emitted = useRef(value ?? null);
  const emit = (next: IsoDay | null) => {
    emitted.current = next;
    onChange(next);
  };
  useEffect(() => {
    if ((value ?? null) === emitted.current) return;
    emitted.current = value ?? null;
    setText(formatDisplay(value));
    setIssue(null);
  }, [value]);

  const report = (next: DateIssue | null) => {
    setIssue(next);
    onDateIssue?.(next);
  };

  const open = (next: boolean) => {
    if (next && !opened) setMonth(startOfMonth(value ?? todayProp ?? todayIso()));
    setOpened(next);
  };

  const apply = (day: IsoDay | null, found: DateIssue | null) => {
    report(found);
    setText(formatDisplay(day));
    if (day !== (value ?? null)) emit(day);
  };

  const commit = () => {
    if (text === formatDisplay(value)) return;
    const typed = readTypedDate(text, rules);
    if (typed.kind === 'empty') apply(null, null);
    else if (typed.kind === 'invalid') {
      // The text stays for the person to fix; the form sees no date.
      report(typed.issue);
      if (value) emit(null);
    } else apply(typed.value, typed.issue);
  };

  const pick = (day: IsoDay) => {
    apply(day, null);
    setOpened(false);
  };

  const today = todayProp ?? todayIso();
  const onToday = () => {
    const clamped = clampDate(today, rules);
    if (clamped.issue || !isDayForbidden(clamped.value, rules)) apply(clamped.value, clamped.issue);
    setOpened(false);
  };

  return (
    <CalendarPopover
      {...field}
      ref={ref}
      inputId={inputId}
      icon={icon}
      error={error}
      required={required}
      text={text}
      onTextChange={(t) => {
        setText(t);
        if (issue) report(null);
      }}
      onCommit={commit}
      onInputBlur={() => {
        markTouched();
        onBlur?.();
      }}
      opened={opened}
      onOpenedChange={open}
      position={position}
      withinPortal={withinPortal}
      columns={1}
      month={month}
      onMonthChange={setMonth}
      minDate={minDate}
      maxDate={maxDate}
      getDayProps={(day) => ({
        selected: day === value,
        disabled: isDayDisabled(day, rules, { months: [month] }),
        onClick: () => pick(day),
      })}
      onToday={onToday}
      onClear={() => {
        apply(null, null);
        setOpened(false);
      }}
    />
  );
}
