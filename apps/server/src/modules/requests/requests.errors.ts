import { REQUEST_MESSAGES } from '@app/shared';
import { AppError } from '../../platform/errors.ts';

// A new error per throw: each is a factory, never one shared object.

export const rule = (code: ConstructorParameters<typeof AppError>[0], message: string) =>
  new AppError(code, message, { rule: true });

export const NOT_FOUND = () => AppError.notFound('Request');
export const LINE_NOT_FOUND = () => AppError.notFound('Service line');
export const BLACKLISTED = () => rule('CLIENT_BLACKLISTED', REQUEST_MESSAGES.clientBlacklisted);
export const CANCELED = () => rule('REQUEST_CANCELED', REQUEST_MESSAGES.requestCanceled);
export const NOT_CANCELABLE = () => rule('REQUEST_NOT_CANCELABLE', REQUEST_MESSAGES.alreadyCanceled);
export const LINE_LOCKED = (message: string) => rule('REQUEST_LINE_LOCKED', message);
export const NOT_DELETABLE = () => rule('REQUEST_NOT_DELETABLE', REQUEST_MESSAGES.notDeletable);
export const ILLEGAL_MOVE = (from: string | null, to: string | null) =>
  rule('ILLEGAL_STATUS_MOVE', REQUEST_MESSAGES.illegalMove(from, to));
export const NO_RATE_SET = (currencies: string) =>
  rule('NO_RATE_SET', REQUEST_MESSAGES.noRatesToConfirm(currencies));
export const OVER_COST = (line?: number) =>
  rule(
    'DEADLINES_OVER_COST',
    line === undefined
      ? REQUEST_MESSAGES.deadlinesOverCost
      : `Line ${line}: ${REQUEST_MESSAGES.deadlinesOverCost}`,
  );
