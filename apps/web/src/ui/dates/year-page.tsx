import { Box } from '@mantine/core';
import { CalendarHeader, PickerControl, YearsList } from '@mantine/dates';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { IsoDay } from './date-format';

/** Spec 9: "a year page of 16 years" (Mantine's decade view has 10 and no setting for it). */
export const YEARS_PER_PAGE = 16;
const COLUMNS = 4;
/** Years shown before the current one when the page opens, so it sits in the second row. */
const YEARS_BEFORE = 7;

/** The first year of the page opened from `year`. */
export const yearPageFirst = (year: number): number => year - YEARS_BEFORE;

/** The years of the page starting at `first`, in rows of 4. */
export function yearPageRows(first: number): number[][] {
  return Array.from({ length: YEARS_PER_PAGE / COLUMNS }, (_, row) =>
    Array.from({ length: COLUMNS }, (_, col) => first + row * COLUMNS + col),
  );
}

const yearOf = (day: IsoDay | undefined, fallback: number) => (day ? Number(day.slice(0, 4)) : fallback);

export interface YearPageProps {
  /** The year the calendar shows: the page opens around it and it is the one in tab order. */
  year: number;
  minDate?: IsoDay;
  maxDate?: IsoDay;
  onSelect: (year: number) => void;
}

/**
 * The calendar's year view: 16 years in a 4 × 4 grid with previous / next pages, years wholly
 * outside the bounds disabled. It looks like Mantine's decade view (same header and controls) and
 * moves like it: one year in tab order, arrows move by a year or a row (turning the page at its
 * edges), Enter or Space picks.
 */
export function YearPage({ year, minDate, maxDate, onSelect }: YearPageProps) {
  const [first, setFirst] = useState(() => yearPageFirst(year));
  const [focusYear, setFocusYear] = useState<number | null>(null);
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const minYear = yearOf(minDate, Number.NEGATIVE_INFINITY);
  const maxYear = yearOf(maxDate, Number.POSITIVE_INFINITY);
  const last = first + YEARS_PER_PAGE - 1;
  const disabled = (y: number) => y < minYear || y > maxYear;

  const onPage = (y: number) => y >= first && y <= last;
  const tabYear =
    onPage(year) && !disabled(year)
      ? year
      : yearPageRows(first)
          .flat()
          .find((y) => !disabled(y));

  // Opened by the header's level button, which is gone now: keep the keyboard in the popup.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the page first shows
  useEffect(() => {
    const active = document.activeElement;
    if ((!active || active === document.body) && tabYear !== undefined) buttons.current.get(tabYear)?.focus();
  }, []);

  useEffect(() => {
    if (focusYear === null) return;
    buttons.current.get(focusYear)?.focus();
    setFocusYear(null);
  }, [focusYear]);

  const move = (from: number, by: number) => {
    const to = from + by;
    if (disabled(to)) return;
    if (to < first) setFirst(first - YEARS_PER_PAGE);
    else if (to > last) setFirst(first + YEARS_PER_PAGE);
    setFocusYear(to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, y: number) => {
    const by = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -COLUMNS, ArrowDown: COLUMNS }[event.key];
    if (by === undefined) return;
    event.preventDefault();
    move(y, by);
  };

  return (
    <Box data-year-page>
      <CalendarHeader
        label={`${first} – ${last}`}
        hasNextLevel={false}
        previousLabel="Previous years"
        nextLabel="Next years"
        onPrevious={() => setFirst(first - YEARS_PER_PAGE)}
        onNext={() => setFirst(first + YEARS_PER_PAGE)}
        previousDisabled={first <= minYear}
        nextDisabled={last >= maxYear}
      />
      <table className={YearsList.classes.yearsList} aria-label={`Years ${first} to ${last}`}>
        <tbody>
          {yearPageRows(first).map((row) => (
            <tr key={row[0]}>
              {row.map((y) => (
                <td key={y} className={YearsList.classes.yearsListCell} data-with-spacing>
                  <PickerControl
                    ref={(node) => {
                      if (node) buttons.current.set(y, node);
                      else buttons.current.delete(y);
                    }}
                    disabled={disabled(y)}
                    selected={y === year}
                    tabIndex={y === tabYear ? 0 : -1}
                    onClick={() => onSelect(y)}
                    onKeyDown={(e) => onKeyDown(e, y)}
                  >
                    {y}
                  </PickerControl>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}
