import { ReportLayout } from '../components/report-layout.tsx';

/** Stub: the Clients report page is written by its helper (decision 0012). */
export function ClientsReportPage() {
  return <ReportLayout title="Clients report" empty="This report is being built." />;
}

export default ClientsReportPage;
