import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSecretBox, loadSecretKey } from './secret-box.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'secret-box-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('secret box', () => {
  it('seals to something that hides the secret and opens it again', () => {
    const box = createSecretBox(Buffer.alloc(32, 7));
    const sealed = box.seal('hunter2-päss');
    expect(sealed).not.toContain('hunter2');
    expect(box.seal('hunter2-päss')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('hunter2-päss');
  });

  it('refuses a value sealed under another key or altered', () => {
    const sealed = createSecretBox(Buffer.alloc(32, 1)).seal('secret');
    expect(() => createSecretBox(Buffer.alloc(32, 2)).open(sealed)).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => createSecretBox(Buffer.alloc(32, 1)).open(parts.join('.'))).toThrow();
  });

  it('generates a key once into DATA_DIR/secret.key, readable by its owner only, and reuses it', () => {
    const first = loadSecretKey(undefined, dir);
    const second = loadSecretKey(undefined, dir);
    expect(first.length).toBe(32);
    expect(second.equals(first)).toBe(true);
    const file = path.join(dir, 'secret.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8'), 'base64').equals(first)).toBe(true);
  });

  it('prefers the configured key', () => {
    const key = Buffer.alloc(32, 9);
    expect(loadSecretKey(key.toString('base64'), dir).equals(key)).toBe(true);
  });
});
