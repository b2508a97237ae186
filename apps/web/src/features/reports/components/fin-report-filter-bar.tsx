import { RATE_CURRENCIES } from '@app/shared/rates/currencies';
import { ACCOUNT_TYPES } from '@app/shared/value-lists';
import { Input, SegmentedControl } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { useEffect, useState } from 'react';
import { FilterBox, SelectFilter } from '../../../ui/list/list-filters.tsx';
import type { ListStateApi } from '../../../ui/list/use-list-state.ts';
import type { FinReportParams } from '../api/fin-report-keys.ts';
import { useFinReportCompanies } from '../api/list-fin-report-companies.ts';
import { FIN_REPORT_BASIS_OPTIONS } from './fin-report-filters.ts';

type Range = [string | null, string | null];
const toRange = (q: FinReportParams): Range => [`${q.month_from}-01`, `${q.month_to}-01`];

/**
 * Period (whole months), basis, currency, company and account type, all in the URL. The period
 * is applied once both ends are picked, so a half-chosen range does not run the report.
 */
export function FinReportFilterBar({ list, query }: { list: ListStateApi; query: FinReportParams }) {
  const companies = useFinReportCompanies();
  const [range, setRange] = useState<Range>(() => toRange(query));
  const { month_from, month_to } = query;
  useEffect(() => setRange([`${month_from}-01`, `${month_to}-01`]), [month_from, month_to]);

  const pick = (next: Range) => {
    setRange(next);
    const [from, to] = next;
    if (from && to) list.setFilters({ month_from: from.slice(0, 7), month_to: to.slice(0, 7) });
  };

  return (
    <>
      <FilterBox width={260}>
        <MonthPickerInput
          type="range"
          label="Period"
          value={range}
          onChange={(v) => pick([v[0] ? String(v[0]) : null, v[1] ? String(v[1]) : null])}
          valueFormat="MMM YYYY"
          allowSingleDateInRange
          // a half-picked range goes back to the report's period when the picker closes
          onDropdownClose={() => setRange(toRange(query))}
        />
      </FilterBox>
      <Input.Wrapper label="Periods by" id="fin-report-basis-label">
        <SegmentedControl
          aria-labelledby="fin-report-basis-label"
          data={FIN_REPORT_BASIS_OPTIONS}
          value={query.basis}
          onChange={(v) => list.setFilter('basis', v === 'service' ? null : v)}
          display="flex"
        />
      </Input.Wrapper>
      <Input.Wrapper label="Currency" id="fin-report-currency-label">
        <SegmentedControl
          aria-labelledby="fin-report-currency-label"
          data={[...RATE_CURRENCIES]}
          value={query.currency}
          onChange={(v) => list.setFilter('currency', v === 'GBP' ? null : v)}
          display="flex"
        />
      </Input.Wrapper>
      <SelectFilter
        list={list}
        name="company"
        width={200}
        label="Company"
        placeholder="All companies"
        data={(companies.data ?? []).map((c) => ({ value: String(c.id), named: c.named }))}
      />
      <SelectFilter
        list={list}
        name="account_type"
        width={180}
        label="Account type"
        placeholder="All types"
        data={[...ACCOUNT_TYPES]}
      />
    </>
  );
}
