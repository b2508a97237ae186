/** Clients report: the Clients helper writes the query, row and total schemas here. */
export const CLIENTS_REPORT_TOP = 10;
