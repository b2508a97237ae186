import { useState } from 'react';
import { CalendarPopover } from './calendar-popover';
import { formatDisplay, type IsoDay, startOfMonth } from './date-format';
import { clampDate, type DateIssue, isDayDisabled, isDayForbidden, readTypedDate } from './date-rules';
import { type DateFieldProps, useDateField } from './use-date-field';

export interface DatePickerProps extends DateFieldProps {
  /** `YYYY-MM-DD` or null. */
  value: IsoDay | null | undefined;
  onChange: (value: IsoDay | null) => void;
}

const sameDay = (a: IsoDay | null, b: IsoDay | null) => a === b;

/** Spec 2.6 single date picker: DD/MM/YYYY, one month, Today and Clear, clamped bounds. */
export function DatePicker(props: DatePickerProps) {
  const { value: valueProp, onChange, ...rest } = props;
  const value = valueProp ?? null;
  const { rules, today, text, setText, report, emit, popoverProps } = useDateField(rest, {
    value,
    onChange,
    format: formatDisplay,
    same: sameDay,
    key: value ?? '',
    isEmpty: !value,
  });
  const [opened, setOpened] = useState(false);
  const [month, setMonth] = useState<IsoDay>(startOfMonth(value ?? today));

  const open = (next: boolean) => {
    if (next && !opened) setMonth(startOfMonth(value ?? today));
    setOpened(next);
  };

  const apply = (day: IsoDay | null, found: DateIssue | null) => {
    report(found);
    setText(formatDisplay(day));
    if (day !== value) emit(day);
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

  const onToday = () => {
    const clamped = clampDate(today, rules);
    if (clamped.issue || !isDayForbidden(clamped.value, rules)) apply(clamped.value, clamped.issue);
    setOpened(false);
  };

  return (
    <CalendarPopover
      {...popoverProps}
      onCommit={commit}
      opened={opened}
      onOpenedChange={open}
      columns={1}
      month={month}
      onMonthChange={setMonth}
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
