/**
 * A report's answer with the params it was run for. While the next run is on its way the previous
 * answer stays on screen (`keepPreviousData`), so its labels (currency, side, period) must come
 * from what it was run for, not from the filters just chosen.
 */
export type ReportRun<T, P> = T & { params: P };

export async function runFor<T, P>(params: P, answer: Promise<T>): Promise<ReportRun<T, P>> {
  return { ...(await answer), params };
}
