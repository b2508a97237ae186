import {
  type Access,
  type CreateRequestLineBody,
  canAccess,
  type RequestKind,
  requestWriteAccess,
} from '@app/shared';
import type { Executor } from '../../db/client.ts';
import type { Ctx } from '../../platform/auth-user.ts';
import { AppError } from '../../platform/errors.ts';
import { notify } from '../notifications/notifications.service.ts';
import { CANCELED, NOT_FOUND } from './requests.errors.ts';
import { checkDeadlinesWithinCost, lineColumns } from './requests.line-rules.ts';
import type { RatesNow } from './requests.money.ts';
import {
  type RequestInsert,
  type RequestLineInsert,
  type RequestLineRow,
  type RequestRow,
  requestsRepository as repo,
} from './requests.repository.ts';
import { refreshSummary } from './requests.summary.ts';

// The steps the requests' writes share, each in the caller's transaction.

/** 403 unless the user's role or permissions pass the rule. */
export const may = (ctx: Ctx, access: Access) => {
  if (!canAccess(ctx.user, access)) throw AppError.forbidden();
};

/** Rewrites the summary columns (and any header `extra`) and raises the request's version once. */
export async function refresh(
  tx: Executor,
  row: RequestRow,
  now: RatesNow | null,
  extra: Partial<RequestInsert> = {},
): Promise<RequestRow> {
  return (await refreshSummary(tx, row, now, extra))!;
}

/** The request locked for the change, with the caller allowed to change it. */
export async function lockRequest(tx: Executor, ctx: Ctx, id: number, access?: Access): Promise<RequestRow> {
  const row = await repo.findForUpdate(tx, id);
  if (!row) throw NOT_FOUND();
  may(ctx, access ?? requestWriteAccess(row.kind as RequestKind));
  return row;
}

export async function lockOpenRequest(
  tx: Executor,
  ctx: Ctx,
  id: number,
  access?: Access,
): Promise<RequestRow> {
  const row = await lockRequest(tx, ctx, id, access);
  if (row.canceled_at) throw CANCELED();
  return row;
}

export async function notifyManagers(
  tx: Executor,
  ctx: Ctx,
  request: { id: number; number: string },
  clientName: string,
  managerIds: Array<number | null | undefined>,
) {
  const ids = managerIds.filter((id): id is number => id != null && id !== ctx.user.id);
  await notify(tx, ids, {
    type: 'NewRequest',
    title: `New request ${request.number} for ${clientName}`,
    data: { request_id: request.id, number: request.number },
  });
}

export async function insertLine(
  tx: Executor,
  requestId: number,
  position: number,
  body: CreateRequestLineBody,
  label?: number,
): Promise<RequestLineRow> {
  const deadlines = body.deadlines ?? [];
  checkDeadlinesWithinCost(deadlines, body.cost, label);
  const line = await repo.insertLine(tx, {
    ...(lineColumns(body) as RequestLineInsert),
    request_id: requestId,
    position,
  });
  await repo.writeDeadlines(tx, line, deadlines);
  return line;
}
