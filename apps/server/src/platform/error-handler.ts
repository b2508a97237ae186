import { MESSAGES } from '@app/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldErrors } from './errors.ts';
import { isMalformedMultipart, MALFORMED_UPLOAD } from './multipart.ts';

function fieldName(instancePath: string | undefined): string {
  return (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || 'detail';
}

/** A 429 that does not know when the limit lifts still says when to look again (seconds). */
const DEFAULT_RETRY_AFTER = 60;

/** One error handler for the whole API: known errors become the shapes of API.md; the rest is a 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError && error.status === 429)
      reply.header('Retry-After', String(Math.max(1, Math.ceil(error.retryAfter ?? DEFAULT_RETRY_AFTER))));
    else if ((error as FastifyError).statusCode === 429 && !reply.hasHeader('Retry-After'))
      reply.header('Retry-After', String(DEFAULT_RETRY_AFTER));
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      if (error.fields) return reply.status(error.status).send({ errors: error.fields });
      if (error.rule)
        return reply
          .status(error.status)
          .send({ errors: [{ code: error.code.toLowerCase(), detail: error.message }] });
      return reply
        .status(error.status)
        .send({ errors: { detail: error.status === 400 ? [error.message] : error.message } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldErrors = {};
      for (const issue of error.validation) {
        const params = issue.params as { keys?: string[] };
        let key = fieldName(issue.instancePath);
        // A list in the query ('exclude=1,0x10') is one field to whoever filled it in.
        if (error.validationContext === 'querystring') key = key.split('.')[0]!;
        let message = issue.message ?? MESSAGES.invalidValue;
        if (issue.keyword === 'unrecognized_keys' && params.keys?.length) {
          key = params.keys[0]!;
          message = `Unknown field: ${params.keys.join(', ')}`;
        } else if (issue.keyword === 'invalid_type' && message.includes('received undefined')) {
          message = MESSAGES.required;
        }
        fields[key] = [...(fields[key] ?? []), message];
      }
      const context = error.validationContext;
      const where =
        context === 'querystring' ? 'query' : context === 'params' ? 'path' : (context ?? 'request');
      const [firstKey, firstMessages] = Object.entries(fields)[0] ?? ['', [MESSAGES.invalidValue]];
      const summary =
        firstKey && firstKey !== 'detail' ? `${firstKey}: ${firstMessages[0]}` : firstMessages[0];
      // detail first: the toast shows its first item (spec section 8); fields let forms mark inputs.
      return reply.status(400).send({ errors: { ...fields, detail: [`Invalid ${where}. ${summary}`] } });
    }
    // A route that reads multipart without readUpload still answers a broken body with a 400.
    if (isMalformedMultipart(error))
      return reply.status(400).send({ errors: { detail: [MALFORMED_UPLOAD] } });
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is not valid JSON.'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE'
            ? 'The request is too large.'
            : error.message;
      return reply.status(status).send({ errors: { detail: status === 400 ? [message] : message } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ errors: { detail: 'Something went wrong. Try again or contact us.' } });
  });
}
