import { ReportLayout } from '../components/report-layout.tsx';

/** Stub: the LOG-report page is written by its helper (decision 0012). */
export function LogReportPage() {
  return <ReportLayout title="LOG-report" empty="This report is being built." />;
}

export default LogReportPage;
