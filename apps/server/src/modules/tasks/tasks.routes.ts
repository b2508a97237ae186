import {
  CreateTaskBodySchema,
  envelope,
  IdParamsSchema,
  listEnvelope,
  TASKS_ACCESS,
  TaskListQuerySchema,
  TaskSchema,
  UpdateTaskBodySchema,
} from '@app/shared';
import { ctxOf } from '../../platform/access.plugin.ts';
import type { App } from '../../platform/types.ts';
import type { TasksService } from './tasks.service.ts';

const tags = ['tasks'];
/** Admin, Frontend and Backend (spec section 6); the service narrows to the tasks a person may see. */
const config = { access: TASKS_ACCESS };
const record = { 200: envelope(TaskSchema) };

export async function tasksRoutes(app: App, { tasks }: { tasks: TasksService }) {
  app.get(
    '/tasks/',
    {
      config,
      schema: { tags, querystring: TaskListQuerySchema, response: { 200: listEnvelope(TaskSchema) } },
    },
    async (request) => tasks.list(ctxOf(request), request.query),
  );

  app.post(
    '/tasks/',
    { config, schema: { tags, body: CreateTaskBodySchema, response: { 201: envelope(TaskSchema) } } },
    async (request, reply) =>
      reply.status(201).send({ data: await tasks.create(ctxOf(request), request.body) }),
  );

  app.get(
    '/tasks/:id/',
    { config, schema: { tags, params: IdParamsSchema, response: record } },
    async (request) => ({ data: await tasks.get(ctxOf(request), request.params.id) }),
  );

  app.patch(
    '/tasks/:id/',
    { config, schema: { tags, params: IdParamsSchema, body: UpdateTaskBodySchema, response: record } },
    async (request) => ({ data: await tasks.update(ctxOf(request), request.params.id, request.body) }),
  );

  app.delete('/tasks/:id/', { config, schema: { tags, params: IdParamsSchema } }, async (request, reply) => {
    await tasks.remove(ctxOf(request), request.params.id);
    return reply.status(204).send(null);
  });
}
