import { MESSAGES } from '@app/shared';
import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { CalendarPopover, DATE_BUTTON_LABELS } from './calendar-popover';
import { addMonths, formatDisplayRange, type IsoDay, parseDisplayRange, startOfMonth } from './date-format';
import { type DateIssue, isDayDisabled, isDayForbidden, normalizeRange } from './date-rules';
import { pushRangeDate, type RangeStack, rangeDayState } from './range-stack';
import { type DateFieldProps, useDateField } from './use-date-field';

export type DateRangeValue = [IsoDay | null, IsoDay | null];

export interface DateRangePreset {
  label: string;
  range: [IsoDay, IsoDay];
}

export interface DateRangePickerProps extends DateFieldProps {
  value: DateRangeValue | null | undefined;
  onChange: (value: DateRangeValue) => void;
  /** Longest range in days from start to end; later ends are disabled or cut back. */
  maxRangeDays?: number;
  /** Preset ranges listed beside the calendars, with 'Custom Range' to pick freely. */
  ranges?: readonly DateRangePreset[];
}

const EMPTY: DateRangeValue = [null, null];
const sameRange = (a: DateRangeValue, b: DateRangeValue) => a[0] === b[0] && a[1] === b[1];

/**
 * Spec 2.6 range picker: two months, the range stack of section 4 (first click sets the start, a
 * later or equal day the end and closes, an earlier day restarts), ends sorted then clamped,
 * optional maximum length, Today / Clear / Custom Range.
 */
export function DateRangePicker(props: DateRangePickerProps) {
  const { value: valueProp, onChange, maxRangeDays, ranges, ...rest } = props;
  const value: DateRangeValue = valueProp ?? EMPTY;
  const { rules, today, text, setText, report, emit, popoverProps } = useDateField(rest, {
    value,
    onChange,
    format: formatDisplayRange,
    same: sameRange,
    key: `${value[0]}|${value[1]}`,
    isEmpty: !value[0],
  });
  const [opened, setOpened] = useState(false);
  const [month, setMonth] = useState<IsoDay>(startOfMonth(value[0] ?? today));
  // The clicks of the range being chosen; null while none has been made since opening.
  const [pending, setPending] = useState<RangeStack | null>(null);
  const [hovered, setHovered] = useState<IsoDay | null>(null);
  const [custom, setCustom] = useState(false);

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
      {...popoverProps}
      placeholder={rest.placeholder ?? 'DD/MM/YYYY - DD/MM/YYYY'}
      onCommit={commit}
      opened={opened}
      onOpenedChange={open}
      columns={2}
      month={month}
      onMonthChange={setMonth}
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
