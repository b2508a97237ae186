import { ERROR_STATUS, type ErrorCode } from '@app/shared';

export type FieldErrors = Record<string, string[]>;

/**
 * The one error type of the server. Services throw it; the error handler turns it into the
 * answer shapes of API.md: field errors as `{errors: {field: [msg]}}`, business rules as
 * `{errors: [{code, detail}]}`, the rest as `{errors: {detail}}`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: FieldErrors | undefined;
  /** Business-rule errors are shown with their code as the toast title (spec section 8). */
  readonly rule: boolean;
  /** Seconds until a refused call may succeed: sent as `Retry-After` (every 429 carries it). */
  readonly retryAfter: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { fields?: FieldErrors; rule?: boolean; retryAfter?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.fields = options.fields;
    this.rule = options.rule ?? false;
    this.retryAfter = options.retryAfter;
  }

  static fields(fields: FieldErrors): AppError {
    const first = Object.values(fields)[0]?.[0] ?? 'Invalid field value';
    return new AppError('VALIDATION', first, { fields });
  }

  static notFound(what: string): AppError {
    return new AppError('NOT_FOUND', `${what} not found.`);
  }

  static forbidden(message = 'You do not have permission to perform this action.'): AppError {
    return new AppError('FORBIDDEN', message);
  }

  static stale(): AppError {
    return new AppError('STALE_VERSION', 'This record was changed by someone else. Reload it and try again.');
  }
}

/** PostgreSQL unique violation, so services can turn it into 'Should be unique'. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgErr = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : undefined;
  if (!pgErr) return false;
  return constraint === undefined || pgErr.constraint === constraint;
}

/** A row still referenced: 23503, or 23001 when the reference is declared ON DELETE RESTRICT. */
export function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return [e?.code, e?.cause?.code].some((code) => code === '23503' || code === '23001');
}
