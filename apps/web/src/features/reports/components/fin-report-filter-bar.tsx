import { FIN_REPORT_MAX_MONTHS } from '@app/shared/reports/fin-report.schemas';
import { ACCOUNT_TYPES } from '@app/shared/value-lists';
import { PickerFilter, SelectFilter } from '../../../ui/list/list-filters.tsx';
import type { ListStateApi } from '../../../ui/list/use-list-state.ts';
import type { FinReportParams } from '../api/fin-report-keys.ts';
import { ReportBasisFilter, ReportCurrencyFilter, ReportPeriodFilter } from './report-filter-controls.tsx';

/** Period (whole months), basis, currency, company and account type, all in the URL. */
export function FinReportFilterBar({ list, query }: { list: ListStateApi; query: FinReportParams }) {
  return (
    <>
      <ReportPeriodFilter list={list} period={query} maxMonths={FIN_REPORT_MAX_MONTHS} width={240} />
      <ReportBasisFilter list={list} value={query.basis} />
      <ReportCurrencyFilter list={list} value={query.currency} />
      <PickerFilter
        list={list}
        name="company"
        width={180}
        label="Company"
        object="companies"
        displayField="named"
        extraField="name"
        placeholder="All companies"
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
