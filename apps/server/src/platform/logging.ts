import type { FastifyRequest } from 'fastify';
import type pino from 'pino';

/**
 * What an error may show in the log. Anything else a library hangs on an error stays out: drizzle
 * and PGlite attach the query's parameters (`params`), PostgreSQL the failing row (`detail`:
 * "Failing row contains (..., $argon2id$...)"), and those hold password hashes, emails and client data.
 */
const KEPT = [
  'code',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
  'errno',
  'syscall',
  'validationContext',
] as const;

/** A PostgreSQL error (node-postgres and PGlite alike): it has a five-character SQLSTATE and a severity. */
function isDatabaseError(err: Record<string, unknown>): boolean {
  return typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code) && typeof err.severity === 'string';
}

/** The message without the values it quotes. */
function safeMessage(err: Record<string, unknown>, message: string): string {
  // drizzle: "Failed query: <sql>\nparams: <every parameter>"
  let safe = message.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]');
  // PostgreSQL quotes the offending input: 'invalid input syntax for type integer: "abc"'
  if (isDatabaseError(err)) safe = safe.replace(/: "[\s\S]*"$/, ': "[redacted]"');
  return safe;
}

/** The stack repeats the message in its first line: that line is replaced by the safe message. */
function safeStack(stack: string, name: string, message: string, safe: string): string {
  if (!stack) return '';
  const head = `${name}: ${message}`;
  if (stack.startsWith(head)) return `${name}: ${safe}${stack.slice(head.length)}`;
  // A stack that does not start with its message (rewritten by someone): keep only the frames.
  const frames = stack.indexOf('\n    at ');
  return frames === -1 ? `${name}: ${safe}` : `${name}: ${safe}${stack.slice(frames)}`;
}

export interface SafeError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * The log's error serializer: type, message, stack and a few diagnostic fields of the error and its
 * causes, never the query parameters or the data of the failing row.
 */
export function safeError(value: unknown, depth = 0): SafeError {
  if (typeof value !== 'object' || value === null)
    return { type: typeof value, message: String(value), stack: '' };
  const err = value as Error & Record<string, unknown>;
  const name = typeof err.name === 'string' ? err.name : 'Error';
  const message = typeof err.message === 'string' ? err.message : String(err.message);
  const safe = safeMessage(err, message);
  const out: SafeError = {
    type: err.constructor?.name ?? name,
    message: safe,
    stack: safeStack(typeof err.stack === 'string' ? err.stack : '', name, message, safe),
  };
  for (const key of KEPT) if (err[key] !== undefined) out[key] = err[key];
  if (err.cause !== undefined && depth < 5) out.cause = safeError(err.cause, depth + 1);
  if (Array.isArray(err.errors) && depth < 5) out.errors = err.errors.map((e) => safeError(e, depth + 1));
  return out;
}

/**
 * Query-string values that are secrets: the socket's `?token=`, the reset link's `/recover?token=`
 * and a card `number` (bank cards: the full number is never logged).
 */
export function safeUrl(url: string): string {
  return url.replace(
    /([?&](?:token|auth_token|access_token|password|secret|code|number)=)[^&#]*/gi,
    '$1[redacted]',
  );
}

export interface LoggerOverrides {
  level?: string;
  /** Where the lines go (tests capture them); standard output otherwise. */
  stream?: pino.DestinationStream;
}

/** The server's pino options: errors, requests and secret-looking keys are logged safely, whoever logs them. */
export function loggerOptions(level: string, overrides: LoggerOverrides = {}) {
  return {
    level: overrides.level ?? level,
    ...(overrides.stream && { stream: overrides.stream }),
    serializers: {
      err: safeError,
      error: safeError,
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: safeUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    redact: {
      paths: [
        'password',
        '*.password',
        'password_hash',
        '*.password_hash',
        'new_password',
        '*.new_password',
        'current_password',
        '*.current_password',
        // mailbox passwords (decision 0014), in the clear or sealed, and a mail client's `auth.pass`
        'imap_password',
        '*.imap_password',
        'smtp_password',
        '*.smtp_password',
        'imap_password_enc',
        '*.imap_password_enc',
        'smtp_password_enc',
        '*.smtp_password_enc',
        'auth.pass',
        '*.auth.pass',
        'token',
        '*.token',
        'auth_token',
        '*.auth_token',
        'params',
        '*.params',
        // a card number (bank cards), wherever a request's body or query is logged
        'body.number',
        '*.body.number',
        'query.number',
        '*.query.number',
        'headers.authorization',
        'headers.cookie',
        '*.headers.authorization',
        '*.headers.cookie',
      ],
      censor: '[redacted]',
    },
  };
}
