import path from 'node:path';
import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  /** The pub/sub channel of the realtime bus: deployments sharing one Redis need different ones. */
  REDIS_CHANNEL: z
    .string()
    .regex(/^[\w:.-]{1,100}$/)
    .default('backoffice:realtime'),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Back office <no-reply@example.com>'),
  PUBLIC_URL: z.string().url().optional(),
  DEMO_PASSWORD: z.string().min(8).default('demo-pass-1'),
  // Kept apart from `flag`: unset means "the default of the engine", which differs from 0.
  SEED_DEMO: z.enum(['1', '0', 'true', 'false']).optional(),
  /** Proxies whose X-Forwarded-For is believed: unset (none), 1/true (any), or addresses/CIDRs, comma separated. */
  TRUST_PROXY: z.string().max(1000).optional(),
  TOKEN_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 30)
    .default(12 * 60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** The largest document upload, in bytes (decision 0014: 100 MB). */
  DOCUMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(10 * 1024 * 1024 * 1024)
    .default(100 * 1024 * 1024),
  /**
   * The key that encrypts mailbox passwords (AES-256-GCM): 32 bytes in base64. Unset: a key is
   * generated once into DATA_DIR/secret.key (decision 0014), so `npm start` needs nothing.
   */
  MAIL_SECRET_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64')
    .optional(),
  /** How often each mailbox is polled when its server has no IDLE (or the IDLE connection dropped). */
  MAIL_POLL_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /** Only the browser tests set this: it adds a route that fails on purpose. */
  E2E: flag,
  /**
   * The key that seals stored secrets other than mailbox passwords (Xero tokens): 32 bytes in base64.
   * Unset: MAIL_SECRET_KEY, or else the generated DATA_DIR/secret.key (decision 0015).
   */
  SECRET_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64')
    .optional(),
  /** The Xero app (developer.xero.com): without both, the integration says it is not configured. */
  XERO_CLIENT_ID: z.string().max(200).optional(),
  XERO_CLIENT_SECRET: z.string().max(500).optional(),
  /** Where Xero sends the browser back: the web app's callback page. Default: PUBLIC_URL + /xero/callback. */
  XERO_REDIRECT_URI: z.string().url().optional(),
  XERO_SCOPES: z
    .string()
    .max(1000)
    .default(
      'openid profile email offline_access accounting.contacts accounting.transactions accounting.settings.read',
    ),
  /** Xero's base URLs: the consent page, the token endpoints and the API (tests point them at the double). */
  XERO_LOGIN_URL: z.string().url().default('https://login.xero.com'),
  XERO_IDENTITY_URL: z.string().url().default('https://identity.xero.com'),
  XERO_API_URL: z.string().url().default('https://api.xero.com'),
  /** Development only: start the project's Xero double and point the integration at it. */
  XERO_FAKE: flag,
  /** The port of that double (unset: any free port). */
  XERO_FAKE_PORT: z.coerce.number().int().min(0).max(65535).optional(),
});

export type Config = Readonly<{
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisChannel: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  demoPassword: string;
  /** Whether DEMO_PASSWORD was set: the start banner then does not print it. */
  demoPasswordGiven: boolean;
  seedDemo: boolean;
  trustProxy: boolean | string[];
  tokenIdleMinutes: number;
  logLevel: string;
  webDist: string;
  e2e: boolean;
  documentMaxBytes: number;
  mailSecretKey: string | undefined;
  mailPollSeconds: number;
  /** The key of stored secrets other than mailbox passwords (Xero tokens); see `SECRET_KEY`. */
  secretKey: string | undefined;
  xero: XeroConfig;
}>;

export type XeroConfig = Readonly<{
  /** Both client id and secret are set: the menu can connect. */
  configured: boolean;
  clientId: string | undefined;
  clientSecret: string | undefined;
  redirectUri: string;
  scopes: string;
  loginUrl: string;
  identityUrl: string;
  apiUrl: string;
  fake: boolean;
  fakePort: number | undefined;
}>;

const noTrailingSlash = (url: string) => url.replace(/\/+$/, '');

// Trusting X-Forwarded-For from anyone would let a caller pick its own address, and so dodge the
// per-address sign-in limit: only proxies named here are believed.
function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (value === undefined || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The only place that reads the environment. Everything else receives a Config. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`DATABASE_URL=`) means unset, as in most tools.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return Object.freeze({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisChannel: e.REDIS_CHANNEL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    demoPassword: e.DEMO_PASSWORD,
    demoPasswordGiven: given.DEMO_PASSWORD !== undefined,
    // Demo data comes by default on the embedded database only; on PostgreSQL it is asked for.
    seedDemo: e.SEED_DEMO === undefined ? !e.DATABASE_URL : e.SEED_DEMO === '1' || e.SEED_DEMO === 'true',
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    tokenIdleMinutes: e.TOKEN_IDLE_MINUTES,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    e2e: e.E2E,
    documentMaxBytes: e.DOCUMENT_MAX_BYTES,
    mailSecretKey: e.MAIL_SECRET_KEY,
    mailPollSeconds: e.MAIL_POLL_SECONDS,
    secretKey: e.SECRET_KEY ?? e.MAIL_SECRET_KEY,
    xero: Object.freeze({
      configured: Boolean(e.XERO_CLIENT_ID && e.XERO_CLIENT_SECRET),
      clientId: e.XERO_CLIENT_ID,
      clientSecret: e.XERO_CLIENT_SECRET,
      redirectUri:
        e.XERO_REDIRECT_URI ??
        `${noTrailingSlash(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`)}/xero/callback`,
      scopes: e.XERO_SCOPES,
      loginUrl: noTrailingSlash(e.XERO_LOGIN_URL),
      identityUrl: noTrailingSlash(e.XERO_IDENTITY_URL),
      apiUrl: noTrailingSlash(e.XERO_API_URL),
      fake: e.XERO_FAKE,
      fakePort: e.XERO_FAKE_PORT,
    }),
  });
}

/** The environment's config with some variables set over it (`XERO_FAKE=1` points Xero at the double). */
export function loadConfigWith(overrides: Record<string, string>): Config {
  return loadConfig({ ...process.env, ...overrides });
}

/** A config for tests: defaults plus overrides, never the developer's environment. */
export function testConfig(overrides: Partial<Record<keyof z.input<typeof EnvSchema>, string>> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/backoffice-test-data',
    ...overrides,
  });
}
