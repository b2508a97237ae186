import { MEMBERSHIPS, RATINGS } from '@app/shared';
import { CLIENTS_REPORT_MAX_MONTHS } from '@app/shared/reports/clients-report.schemas';
import { FilterBox, MultiSelectFilter, PickerFilter } from '../../../ui/list/list-filters.tsx';
import { ListSearchInput } from '../../../ui/list/list-search-input.tsx';
import type { ListStateApi } from '../../../ui/list/use-list-state.ts';
import type { ClientsReportParams } from '../api/clients-report-keys.ts';
import { ReportBasisFilter, ReportCurrencyFilter, ReportPeriodFilter } from './report-filter-controls.tsx';

/**
 * Period (whole months), basis, currency, then the client's own filters and a name search, all
 * in the URL.
 */
export function ClientsReportFilterBar({ list, query }: { list: ListStateApi; query: ClientsReportParams }) {
  return (
    <>
      <FilterBox width={240}>
        <ListSearchInput
          value={list.state.search}
          onChange={list.setSearch}
          label="Client"
          placeholder="Name, email or id"
        />
      </FilterBox>
      <ReportPeriodFilter list={list} period={query} maxMonths={CLIENTS_REPORT_MAX_MONTHS} width={230} />
      <ReportBasisFilter list={list} value={query.basis ?? 'service'} />
      <ReportCurrencyFilter list={list} value={query.currency ?? 'GBP'} />
      <PickerFilter
        list={list}
        name="office"
        width={170}
        label="Office"
        object="region"
        displayField="title"
        placeholder="Any office"
      />
      <PickerFilter
        list={list}
        name="manager"
        width={200}
        label="FO manager"
        object="managers/picker"
        params={{ role: 'FO' }}
        displayField="named"
        placeholder="Anyone"
      />
      <MultiSelectFilter
        list={list}
        name="membership"
        width={200}
        label="Membership"
        data={MEMBERSHIPS}
        displayField="label"
        placeholder="Any plan"
      />
      <MultiSelectFilter
        list={list}
        name="rating"
        width={180}
        label="Rating"
        data={RATINGS}
        placeholder="Any rating"
      />
    </>
  );
}
