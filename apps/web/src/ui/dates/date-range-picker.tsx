import { MESSAGES } from '@app/shared';
import { Button, Stack } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import type { FieldBaseProps } from '../field/field-props';
import { useFieldError } from '../field/use-field-error';
import { CalendarPopover, DATE_BUTTON_LABELS, type DatePopupPosition } from './calendar-popover';
import {
  addMonths,
  formatDisplayRange,
  type IsoDay,
  parseDisplayRange,
  startOfMonth,
  todayIso,
} from './date-format';
import { type DateIssue, type DayRules, isDayDisabled, isDayForbidden, normalizeRange } from './date-rules';
import { pushRangeDate, type RangeStack, rangeDayState } from './range-stack';

export type DateRangeValue = [IsoDay | null, IsoDay | null];

export interface DateRangePreset {
  label: string;
  range: [IsoDay, IsoDay];
}

export interface DateRangePickerProps extends FieldBaseProps, DayRules {
  value: DateRangeValue | null | undefined;
  onChange: (value: DateRangeValue) => void;
  /** Longest range in days from start to end; later ends are disabled or cut back. */
  maxRangeDays?: number;
  /** Preset ranges listed beside the calendars, with 'Custom Range' to pick freely. */
  ranges?: readonly DateRangePreset[];
  /** @default 'bottom' */
  position?: DatePopupPosition;
  /** @default true */
  withinPortal?: boolean;
  onDateIssue?: (issue: DateIssue | null) => void;
  icon?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  today?: IsoDay;
}

const EMPTY: DateRangeValue = [null, null];
const sameRange = (a: DateRangeValue, b: DateRangeValue) => a[0] === b[0] && a[1] === b[1];

/**
 * Spec 2.6 range picker: two months, the range stack of section 4 (first click sets the start, a
 * later or equal day the end and closes, an earlier day restarts), ends sorted then clamped,
 * optional maximum length, Today / Clear / Custom Range.
 */
export function DateRangePicker(props: DateRangePickerProps) {
  const {
    value: valueProp,
    onChange,
    maxRangeDays,
    ranges,
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
    placeholder,
    ...field
  } = props;
  const value: DateRangeValue = valueProp ?? EMPTY;
  const rules: DayRules = {
    minDate,
    maxDate,
    disabledDaysOfWeek,
    disabledDates,
    enabledDates,
    allowOtherMonths,
  };
  const inputId = useId(id);
  const today = todayProp ?? todayIso();

  const [text, setText] = useState(formatDisplayRange(value));
  const [opened, setOpened] = useState(false);
  const [issue, setIssue] = useState<DateIssue | null>(null);
  const [month, setMonth] = useState<IsoDay>(startOfMonth(value[0] ?? today));
  // The clicks of the range being chosen; null while none has been made since opening.
  const [pending, setPending] = useState<RangeStack | null>(null);
  const [hovered, setHovered] = useState<IsoDay | null>(null);
  const [custom, setCustom] = useState(false);

  const { error, markTouched } = useFieldError({
    error: outerError,
    required,
    empty: !value[0] && text.trim() === '',
    ownError: issue?.message,
  });

  const emitted = useRef<DateRangeValue>(value);
  const emit = (next: DateRangeValue) => {
    emitted.current = next;
    if (!sameRange(next, value)) onChange(next);
  };
  useEffect(() => {
    if (sameRange(value, emitted.current)) return;
    emitted.current = value;
    setText(formatDisplayRange(value));
    setIssue(null);
  }, [value[0], value[1]]);

  const report = (next: DateIssue | null) => {
    setIssue(next);
    onDateIssue?.(next);
  };

  const apply = (next: DateRangeValue, found: DateIssue | null) => {
    report(found);
    setText(formatDisplayRange(next));
    emit(next);
  };

  const close = () => {
    setOpened(false);
    setPending(null);
    setHovered(null);
  };

  const open = (next: boolean) => {
    if (!next) return close();
    if (!opened) {
      setMonth(startOfMonth(value[0] ?? today));
      // With presets, the calendars wait for 'Custom Range' unless the value is not a preset.
      setCustom(
        !ranges?.length ||
          (!!value[0] && !ranges.some((r) => r.range[0] === value[0] && r.range[1] === value[1])),
      );
    }
    setOpened(true);
  };

  const commit = () => {
    if (text === formatDisplayRange(value)) return;
    const typed = parseDisplayRange(text);
    if (typed.kind === 'empty') return apply(EMPTY, null);
    if (typed.kind === 'invalid') {
      report({ kind: 'invalid', message: MESSAGES.invalidDate });
      if (value[0] || value[1]) emit(EMPTY);
      return;
    }
    const normalized = normalizeRange(typed.start, typed.end, rules, maxRangeDays);
    const [s, e] = normalized.value;
    if (!normalized.issue && (isDayForbidden(s, rules) || isDayForbidden(e, rules))) {
      report({ kind: 'disabled', message: MESSAGES.invalidValue });
      if (value[0] || value[1]) emit(EMPTY);
      return;
    }
    apply([s, e], normalized.issue);
  };

  const click = (day: IsoDay) => {
    const { stack, complete } = pushRangeDate(pending ?? [], day);
    if (complete && stack.length === 2) {
      const normalized = normalizeRange(stack[0], stack[1], rules, maxRangeDays);
      apply(normalized.value, normalized.issue);
      close();
    } else {
      setPending(stack);
    }
  };

  const months = [month, addMonths(month, 1)];
  const shown: RangeStack =
    pending ?? (value[0] && value[1] ? [value[0], value[1]] : value[0] ? [value[0]] : []);
  const rangeStart = pending?.length === 1 ? pending[0] : null;

  const aside = ranges?.length ? (
    <Stack gap={4} miw={140}>
      {ranges.map((r) => (
        <Button
          key={r.label}
          size="xs"
          variant={!custom && value[0] === r.range[0] && value[1] === r.range[1] ? 'filled' : 'subtle'}
          justify="flex-start"
          onClick={() => {
            const normalized = normalizeRange(r.range[0], r.range[1], rules, maxRangeDays);
            apply(normalized.value, normalized.issue);
            close();
          }}
        >
          {r.label}
        </Button>
      ))}
      <Button
        size="xs"
        variant={custom ? 'filled' : 'subtle'}
        justify="flex-start"
        onClick={() => setCustom(true)}
      >
        {DATE_BUTTON_LABELS.customRange}
      </Button>
    </Stack>
  ) : null;

  return (
    <CalendarPopover
      {...field}
      ref={ref}
      inputId={inputId}
      icon={icon}
      placeholder={placeholder ?? 'DD/MM/YYYY - DD/MM/YYYY'}
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
      columns={2}
      month={month}
      onMonthChange={setMonth}
      minDate={minDate}
      maxDate={maxDate}
      aside={aside}
      showCalendar={custom}
      getDayProps={(day) => ({
        ...rangeDayState(shown, day, rangeStart ? hovered : null),
        disabled: isDayDisabled(day, rules, { months, rangeStart, maxRangeDays }),
        onClick: () => click(day),
        onMouseEnter: () => setHovered(day),
      })}
      onToday={() => {
        const normalized = normalizeRange(today, today, rules, maxRangeDays);
        if (normalized.issue || !isDayForbidden(normalized.value[0], rules))
          apply(normalized.value, normalized.issue);
        close();
      }}
      onClear={() => {
        apply(EMPTY, null);
        close();
      }}
    />
  );
}
