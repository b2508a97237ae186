import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('runs on the embedded database with demo data by default', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      seedDemo: true,
      demoPassword: 'demo-pass-1',
    });
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('tells whether the demo password was chosen, so the start banner does not print it', () => {
    expect(loadConfig({}).demoPasswordGiven).toBe(false);
    expect(loadConfig({ DEMO_PASSWORD: '' }).demoPasswordGiven).toBe(false);
    expect(loadConfig({ DEMO_PASSWORD: 'chosen-pass-1' })).toMatchObject({
      demoPassword: 'chosen-pass-1',
      demoPasswordGiven: true,
    });
  });

  it('seeds PostgreSQL only when asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('leaves demo data out of the embedded database when SEED_DEMO=0', () => {
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 3000 });
  });

  it('refuses a bad value with a message naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });
});
