import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { digest, newSecret } from '../platform/crypto.ts';

/** A working token for a user without going through login (argon2 makes logins slow in bulk). */
export async function issueToken(db: Db, email: string): Promise<string> {
  const token = newSecret();
  await db.execute(
    sql`insert into auth_tokens (user_id, token_hash) select id, ${digest(token)} from users where lower(email) = lower(${email})`,
  );
  return token;
}
