import { type CurrencyCode, RATE_CURRENCIES } from '@app/shared/rates/currencies';
import { REPORT_BASES, REPORT_BASIS_LABELS, type ReportBasis } from '@app/shared/reports/reports.common';
import { Input, SegmentedControl } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useId } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { FilterBox } from '../../../ui/list/list-filters.tsx';
import type { ListStateApi } from '../../../ui/list/use-list-state.ts';
import { periodBounds, type ReportPeriod } from './report-period.ts';

type Range = [string | null, string | null];
const toRange = (p: ReportPeriod): Range => [`${p.month_from}-01`, `${p.month_to}-01`];

/**
 * The period of Fin-Report and Clients: whole months, applied to the URL (`month_from`,
 * `month_to`) once both ends are picked, so a half-chosen range does not run the report; while one
 * end is picked, the other is limited to `maxMonths` from it.
 */
export function ReportPeriodFilter({
  list,
  period,
  maxMonths,
  width = 240,
}: {
  list: ListStateApi;
  period: ReportPeriod;
  maxMonths: number;
  width?: number;
}) {
  const { month_from, month_to } = period;
  const [range, setRange] = useState<Range>(() => toRange(period));
  useEffect(() => setRange([`${month_from}-01`, `${month_to}-01`]), [month_from, month_to]);

  const pick = (next: Range) => {
    setRange(next);
    const [from, to] = next;
    if (from && to) list.setFilters({ month_from: from.slice(0, 7), month_to: to.slice(0, 7) });
  };
  const half = range[0] && !range[1] ? range[0] : null;

  return (
    <FilterBox width={width}>
      <MonthPickerInput
        type="range"
        label="Period"
        value={range}
        onChange={(v) => pick([v[0] ? String(v[0]) : null, v[1] ? String(v[1]) : null])}
        valueFormat="MMM YYYY"
        allowSingleDateInRange
        {...periodBounds(half, maxMonths)}
        // a half-picked range goes back to the report's period when the picker closes
        onDropdownClose={() => setRange([`${month_from}-01`, `${month_to}-01`])}
      />
    </FilterBox>
  );
}

const BASIS_OPTIONS = REPORT_BASES.map((value) => ({ value, label: REPORT_BASIS_LABELS[value] }));

/** Which date puts a line in a month: departure (the default, left out of the URL) or invoice. */
export function ReportBasisFilter({ list, value }: { list: ListStateApi; value: ReportBasis }) {
  const id = useId();
  return (
    <Input.Wrapper label="Periods by" id={id}>
      <SegmentedControl
        aria-labelledby={id}
        data={BASIS_OPTIONS}
        value={value}
        onChange={(v) => list.setFilter('basis', v === 'service' ? null : v)}
        display="flex"
      />
    </Input.Wrapper>
  );
}

/** The currency figures are shown in (GBP, the default, is left out of the URL). */
export function ReportCurrencyFilter({
  list,
  value,
  label = 'Currency',
}: {
  list: ListStateApi;
  value: CurrencyCode;
  label?: string;
}) {
  const id = useId();
  return (
    <Input.Wrapper label={label} id={id}>
      <SegmentedControl
        aria-labelledby={id}
        data={[...RATE_CURRENCIES]}
        value={value}
        onChange={(v) => list.setFilter('currency', v === 'GBP' ? null : v)}
        display="flex"
      />
    </Input.Wrapper>
  );
}
