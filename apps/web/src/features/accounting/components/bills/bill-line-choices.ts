import type { BillableLine } from '@app/shared/accounting/bills.schemas';
import { sumMoney } from '../../../../lib/format/format-money.ts';

/** One request's billable lines, in the order of the request. */
export interface BillLineGroup {
  request: BillableLine['request'];
  company: BillableLine['company'];
  lines: BillableLine[];
}

export function groupByRequest(lines: readonly BillableLine[]): BillLineGroup[] {
  const groups = new Map<number, BillLineGroup>();
  for (const line of lines) {
    const group = groups.get(line.request.id) ?? { request: line.request, company: line.company, lines: [] };
    group.lines.push(line);
    groups.set(line.request.id, group);
  }
  return (
    [...groups.values()]
      .map((g) => ({ ...g, lines: [...g.lines].sort((a, b) => a.position - b.position) }))
      // the newest requests first: a bill usually follows a recent booking
      .sort((a, b) => b.request.id - a.request.id)
  );
}

/**
 * Why a line cannot join the bill as it stands, or null: a bill is in one currency (the lines'
 * cost currency) and for one company (the lines'), as the server checks.
 */
export function lineRefusal(
  line: BillableLine,
  currency: string | null,
  chosen: readonly BillableLine[],
): string | null {
  if (currency && line.cost_currency !== currency)
    return `Costs ${line.cost_currency}, not the bill's ${currency}`;
  const company = chosen.find((l) => l.line_id !== line.line_id)?.company;
  if (company && company.id !== line.company.id)
    return `Belongs to ${line.company.code}; the chosen lines are ${company.code}'s`;
  return null;
}

/** The cost of the chosen lines, exactly (decimal strings). */
export function linesCost(chosen: readonly BillableLine[]): string {
  return sumMoney(chosen.map((l) => l.cost));
}
