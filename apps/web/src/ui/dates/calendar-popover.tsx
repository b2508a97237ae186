import { Box, Button, Group, Popover, Stack, TextInput, VisuallyHidden } from '@mantine/core';
import { Calendar, type CalendarLevel, DatesProvider } from '@mantine/dates';
import { type KeyboardEvent, type ReactNode, type Ref, useRef, useState } from 'react';
import type { FieldBaseProps } from '../field/field-props';
import type { IsoDay } from './date-format';
import { YearPage } from './year-page';

export const DATE_BUTTON_LABELS = { today: 'Today', clear: 'Clear', customRange: 'Custom Range' } as const;

export type DatePopupPosition = 'top' | 'bottom';

export interface DayCellProps {
  selected?: boolean;
  inRange?: boolean;
  firstInRange?: boolean;
  lastInRange?: boolean;
  disabled?: boolean;
  onClick?: () => void;
  onMouseEnter?: () => void;
  [data: `data-${string}`]: string | boolean | undefined;
}

export interface CalendarPopoverProps extends Omit<FieldBaseProps, 'onBlur'> {
  inputId: string;
  text: string;
  onTextChange: (text: string) => void;
  /** Reads the typed text: on Enter and when the input is left. */
  onCommit: () => void;
  onInputBlur: () => void;
  opened: boolean;
  onOpenedChange: (opened: boolean) => void;
  position: DatePopupPosition;
  withinPortal: boolean;
  columns: 1 | 2;
  /** First month on screen. */
  month: IsoDay;
  onMonthChange: (month: IsoDay) => void;
  minDate?: IsoDay;
  maxDate?: IsoDay;
  getDayProps: (day: IsoDay) => DayCellProps;
  onToday: () => void;
  onClear: () => void;
  /** Extra content beside the calendar (preset ranges). */
  aside?: ReactNode;
  showCalendar?: boolean;
  icon?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

type CalendarLevelsProps = Pick<
  CalendarPopoverProps,
  'month' | 'onMonthChange' | 'columns' | 'minDate' | 'maxDate' | 'getDayProps'
>;

/**
 * Day and month views are Mantine's; the year view is our 16-year page (spec 9). Lives inside the
 * dropdown, so every opening starts again on the days.
 */
function CalendarLevels({
  month,
  onMonthChange,
  columns,
  minDate,
  maxDate,
  getDayProps,
}: CalendarLevelsProps) {
  const [level, setLevel] = useState<CalendarLevel>('month');
  if (level === 'decade') {
    return (
      <YearPage
        year={Number(month.slice(0, 4))}
        minDate={minDate}
        maxDate={maxDate}
        onSelect={(year) => {
          onMonthChange(`${year}${month.slice(4)}`);
          setLevel('year');
        }}
      />
    );
  }
  return (
    <Calendar
      level={level}
      onLevelChange={setLevel}
      date={month}
      onDateChange={onMonthChange}
      numberOfColumns={columns}
      withWeekNumbers={false}
      minDate={minDate}
      maxDate={maxDate}
      getDayProps={(day) => ({ ...getDayProps(day) })}
      __stopPropagation={false}
    />
  );
}

/**
 * The shell both date widgets share (spec 2.6): a typed DD/MM/YYYY input, a popup at the top or
 * bottom rendered in the page body, the calendar (Mantine's day and month views with no week
 * numbers and 6-week grids, then our 16-year page) and the Today / Clear buttons. Outside click and
 * Escape close it; Enter in the input reads the text and closes it; ArrowDown moves into the
 * calendar.
 */
export function CalendarPopover(props: CalendarPopoverProps) {
  const {
    inputId,
    text,
    onTextChange,
    onCommit,
    onInputBlur,
    opened,
    onOpenedChange,
    position,
    withinPortal,
    columns,
    month,
    onMonthChange,
    minDate,
    maxDate,
    getDayProps,
    onToday,
    onClear,
    aside,
    showCalendar = true,
    icon,
    ref,
    label,
    placeholder,
    description,
    error,
    required,
    disabled,
    readOnly,
    name,
    className,
  } = props;
  const dropdownRef = useRef<HTMLDivElement>(null);

  const focusCalendar = () => {
    const root = dropdownRef.current;
    if (!root) return;
    const target =
      root.querySelector<HTMLButtonElement>('table button[data-selected]:not([disabled])') ??
      root.querySelector<HTMLButtonElement>('table button[tabindex="0"]:not([disabled])') ??
      root.querySelector<HTMLButtonElement>('table button:not([disabled])');
    target?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onCommit();
      onOpenedChange(false);
    } else if (event.key === 'Escape') {
      if (opened) event.preventDefault();
      onOpenedChange(false);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!opened) onOpenedChange(true);
      else focusCalendar();
    }
  };

  return (
    <DatesProvider settings={{ consistentWeeks: true, firstDayOfWeek: 1 }}>
      <Popover
        opened={opened && !disabled && !readOnly}
        onChange={onOpenedChange}
        position={position === 'top' ? 'top-start' : 'bottom-start'}
        withinPortal={withinPortal}
        closeOnEscape
        closeOnClickOutside
        returnFocus
        shadow="md"
        middlewares={{ flip: false, shift: true }}
      >
        <Popover.Target>
          <TextInput
            ref={ref}
            id={inputId}
            name={name}
            className={className}
            label={label}
            description={description}
            placeholder={placeholder ?? 'DD/MM/YYYY'}
            error={error}
            required={required}
            disabled={disabled}
            readOnly={readOnly}
            autoComplete="off"
            leftSection={icon}
            value={text}
            onChange={(e) => onTextChange(e.currentTarget.value)}
            onClick={() => onOpenedChange(true)}
            onKeyDown={onKeyDown}
            onBlur={() => {
              onCommit();
              onInputBlur();
            }}
          />
        </Popover.Target>
        <Popover.Dropdown
          ref={dropdownRef}
          // Mantine names the dropdown by its target, which here is the input, so the typed date
          // would become the popup's name; a name of its own replaces it.
          aria-labelledby={`${inputId}-calendar`}
        >
          <VisuallyHidden id={`${inputId}-calendar`}>
            {typeof label === 'string' ? `${label} calendar` : 'Calendar'}
          </VisuallyHidden>
          <Group align="flex-start" gap="md" wrap="nowrap">
            {aside}
            <Stack gap="xs">
              {showCalendar && (
                <CalendarLevels
                  month={month}
                  onMonthChange={onMonthChange}
                  columns={columns}
                  minDate={minDate}
                  maxDate={maxDate}
                  getDayProps={getDayProps}
                />
              )}
              <Box>
                <Group gap="xs" justify="flex-end">
                  <Button size="xs" variant="default" onClick={onToday}>
                    {DATE_BUTTON_LABELS.today}
                  </Button>
                  <Button size="xs" variant="default" onClick={onClear}>
                    {DATE_BUTTON_LABELS.clear}
                  </Button>
                </Group>
              </Box>
            </Stack>
          </Group>
        </Popover.Dropdown>
      </Popover>
    </DatesProvider>
  );
}
