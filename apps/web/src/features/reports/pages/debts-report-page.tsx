import { ReportLayout } from '../components/report-layout.tsx';

/** Stub: the Debts page is written by its helper (decision 0012). */
export function DebtsReportPage() {
  return <ReportLayout title="Debts" empty="This report is being built." />;
}

export default DebtsReportPage;
