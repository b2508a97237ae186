import type { IsoDay } from './date-format';

/** The clicks made so far in a range calendar: nothing, a start, or a start and an end. */
export type RangeStack = readonly [] | readonly [IsoDay] | readonly [IsoDay, IsoDay];

/**
 * Spec section 4 "Date range selection": the first click sets the start; a later or equal date sets
 * the end (the range is then complete and the picker closes); an earlier date restarts the range.
 * A click after a complete range starts a new one.
 */
export function pushRangeDate(stack: RangeStack, day: IsoDay): { stack: RangeStack; complete: boolean } {
  if (stack.length === 1) {
    const start = stack[0];
    if (day >= start) return { stack: [start, day], complete: true };
    return { stack: [day], complete: false };
  }
  return { stack: [day], complete: false };
}

/** Where a day sits relative to the (possibly half-chosen) range, for highlighting. */
export function rangeDayState(
  stack: RangeStack,
  day: IsoDay,
  hovered: IsoDay | null,
): { selected: boolean; inRange: boolean; firstInRange: boolean; lastInRange: boolean } {
  const start = stack[0];
  const end = stack.length === 2 ? stack[1] : hovered && start && hovered >= start ? hovered : undefined;
  if (!start) return { selected: false, inRange: false, firstInRange: false, lastInRange: false };
  if (!end) {
    const isStart = day === start;
    return { selected: isStart, inRange: false, firstInRange: isStart, lastInRange: isStart };
  }
  return {
    selected: day === start || (stack.length === 2 && day === end),
    inRange: day >= start && day <= end,
    firstInRange: day === start,
    lastInRange: day === end,
  };
}
