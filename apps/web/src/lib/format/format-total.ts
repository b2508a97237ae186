/**
 * A list's total: exact as counted (`312`), or the server's estimate above 1,000 matches
 * (`meta.total_estimated`) as `about 48,000`.
 */
export function formatTotal(total: number, estimated = false): string {
  return estimated ? `about ${total.toLocaleString('en-US')}` : String(total);
}
