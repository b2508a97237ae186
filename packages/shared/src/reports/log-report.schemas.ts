/** LOG-report: the LOG-report helper writes the query and row schemas here. */
export const LOG_REPORT_CORRECTION_STATUS = 'SENT FOR CORRECTION';
