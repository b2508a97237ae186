import { ReportLayout } from '../components/report-layout.tsx';

/** Stub: the Fin-Report page is written by its helper (decision 0012). */
export function FinReportPage() {
  return <ReportLayout title="Fin-Report" empty="This report is being built." />;
}

export default FinReportPage;
