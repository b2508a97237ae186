// `npm run create-admin -- --email you@company.com --name "Your Name"`: the first administrator of a
// database without demo data. Prints a temporary password that must be changed at first sign-in.
import { parseArgs } from 'node:util';
import { PERMISSIONS } from '@app/shared';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { usersRepository } from '../modules/users/users.repository.ts';
import { hashPassword, newSecret } from '../platform/crypto.ts';
import { isUniqueViolation } from '../platform/errors.ts';

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } });
if (!values.email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(values.email)) {
  console.error('Usage: npm run create-admin -- --email you@company.com [--name "Your Name"]');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config);
try {
  await prepareDatabase(database, { ...config, seedDemo: false });
  const password = newSecret().slice(0, 16);
  await usersRepository.insert(database.db, {
    email: values.email.toLowerCase(),
    name: values.name ?? values.email.split('@')[0]!,
    role: 'Admin',
    type: 'admin',
    permissions: [...PERMISSIONS],
    password_hash: await hashPassword(password),
    temporary_password: true,
  });
  console.info(
    `Administrator ${values.email} created. Temporary password: ${password}\nSign in and choose your own password.`,
  );
} catch (error) {
  console.error(isUniqueViolation(error) ? `A user with the email ${values.email} already exists.` : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
