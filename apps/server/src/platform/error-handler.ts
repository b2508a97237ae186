import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type FieldErrors } from './errors.ts';

function fieldName(instancePath: string | undefined): string {
  return (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || 'detail';
}

/** One error handler for the whole API: known errors become the shapes of API.md; the rest is a 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
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
        let message = issue.message ?? 'Invalid field value';
        if (issue.keyword === 'unrecognized_keys' && params.keys?.length) {
          key = params.keys[0]!;
          message = `Unknown field: ${params.keys.join(', ')}`;
        } else if (issue.keyword === 'invalid_type' && message.includes('received undefined')) {
          message = 'Required field';
        }
        fields[key] = [...(fields[key] ?? []), message];
      }
      const where =
        error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'request');
      const [firstKey, firstMessages] = Object.entries(fields)[0] ?? ['', ['Invalid field value']];
      const summary =
        firstKey && firstKey !== 'detail' ? `${firstKey}: ${firstMessages[0]}` : firstMessages[0];
      // detail first: the toast shows its first item (spec section 8); fields let forms mark inputs.
      return reply.status(400).send({ errors: { ...fields, detail: [`Invalid ${where}. ${summary}`] } });
    }
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
