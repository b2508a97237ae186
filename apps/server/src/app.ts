import fs from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { onCommitHookError } from './db/after-commit.ts';
import type { Database } from './db/client.ts';
import { serverModules } from './modules/registry.ts';
import { accessPlugin, type RouteEntry } from './platform/access.plugin.ts';
import { createBackground } from './platform/background.ts';
import type { Core } from './platform/core.ts';
import { registerErrorHandler } from './platform/error-handler.ts';
import { healthRoutes } from './platform/health.routes.ts';
import { registerInputGuard } from './platform/input-guard.ts';
import { createJobs } from './platform/jobs.ts';
import { type LoggerOverrides, loggerOptions } from './platform/logging.ts';
import { createMailer, type Mailer } from './platform/mailer.ts';
import { multipartPlugin } from './platform/multipart.ts';
import { createEventBus } from './platform/realtime/create-bus.ts';
import { attachBus, type EventBus } from './platform/realtime/event-bus.ts';
import { socketPlugin } from './platform/realtime/socket.plugin.ts';
import type { App } from './platform/types.ts';
import { xsrfPlugin } from './platform/xsrf.plugin.ts';

export const API_PREFIX = '/api/v1';

export interface AppDeps {
  config: Config;
  database: Database;
  mailer?: Mailer;
  /** The realtime bus; by default in-process, or Redis when `REDIS_URL` is set. */
  bus?: EventBus;
  /** `false` for none; otherwise the level or the stream can be changed, never the safe serializers. */
  logger?: false | LoggerOverrides;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route with its access rule: the role matrix test walks this table. */
    routeTable: RouteEntry[];
  }
}

/** The whole application without `listen`, so tests run it in memory through `app.inject`. */
export async function buildApp({ config, database, mailer, logger, bus }: AppDeps): Promise<App> {
  const app = Fastify({
    logger: logger === false ? false : loggerOptions(config.logLevel, logger),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });

  const db = database.db;
  const core: Core = {
    config,
    db,
    database,
    mailer: mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }, app.log),
    log: app.log,
    background: createBackground(app.log),
    bus: bus ?? (await createEventBus(config, app.log)),
    jobs: createJobs({ db, log: app.log }),
  };
  attachBus(db, core.bus);
  onCommitHookError(db, (err) => app.log.error({ err }, 'after-commit hook failed'));
  // A bus the app made is the app's to close; one given to it belongs to the caller.
  if (!bus) app.addHook('onClose', () => core.bus.close());
  app.decorate('background', core.background);
  app.addHook('onClose', () => core.background.idle());
  // Timers start in server.ts only (never in tests); closing waits for a run under way.
  app.decorate('jobs', core.jobs);
  app.addHook('onClose', () => core.jobs.stop());
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);

  registerErrorHandler(app);
  registerInputGuard(app);
  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets style attributes and injects its CSS variables at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // https: for an email's remote images, which the reader shows only after "Show images"
        // (the server replaces them until then); everything else stays same-origin.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // 'self' also covers the same origin's ws: and wss: (CSP level 3).
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        // the invoice and bill pages frame a PDF the page fetched with its token (a blob: address)
        frameSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(multipartPlugin, { maxFileBytes: 10 * 1024 * 1024 });
  await app.register(xsrfPlugin, { secure: config.publicUrl.startsWith('https:') });
  await app.register(accessPlugin, { routes: routeTable });
  // Before any route: @fastify/websocket must see every route to refuse upgrades on the others.
  await app.register(socketPlugin, { bus: core.bus });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Back office API', version: '1.0.0' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get(
    '/api/v1/openapi.json',
    { config: { access: { kind: 'public' } }, schema: { hide: true } },
    async () => app.swagger(),
  );

  await app.register(
    async (api) => {
      const a = api as unknown as App;
      await healthRoutes(a, { db, e2e: config.e2e });
      for (const module of serverModules) await module.register(a, core);
    },
    { prefix: API_PREFIX },
  );

  fs.mkdirSync(config.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
  });
  const hasWeb = fs.existsSync(path.join(config.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders: (res, file) => {
        // Vite fingerprints everything under assets/, so those files never change.
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/media/');
    if (hasWeb && isPage) {
      // The single-page app answers every other path; its router decides what to show.
      return reply
        .type('text/html')
        .header('Cache-Control', 'no-cache')
        .sendFile('index.html', config.webDist);
    }
    return reply
      .status(404)
      .send({ errors: { detail: `No route for ${request.method} ${request.url.split('?')[0]}` } });
  });

  return app;
}
