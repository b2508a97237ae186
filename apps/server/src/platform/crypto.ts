import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** A random secret for tokens and links: 32 bytes, URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as this digest, so a leaked table gives no working token. */
export function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** argon2id; the library's default cost (19 MiB, 2 passes) is OWASP's recommended minimum. */
export function hashPassword(password: string): Promise<string> {
  // 2 is Algorithm.Argon2id, a const enum that isolated modules cannot import.
  return hash(password, { algorithm: 2 as never });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
