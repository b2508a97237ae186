import { PERMISSIONS } from '@app/shared';
import { regions } from '../../modules/rates/regions.table.ts';
import { users } from '../../modules/users/users.table.ts';
import { hashPassword } from '../../platform/crypto.ts';
import type { SeedContext } from '../../platform/module.ts';

export const DEMO_ACCOUNTS = [
  {
    email: 'admin@example.com',
    name: 'Alice Admin',
    role: 'Admin',
    type: 'admin',
    permissions: [...PERMISSIONS],
    office: 'London',
  },
  {
    email: 'accountant@example.com',
    name: 'Arthur Accountant',
    role: 'Accountant',
    type: 'user',
    permissions: ['CAN_ADD_RATES'],
    office: 'London',
  },
  {
    email: 'fo@example.com',
    name: 'Fiona Front',
    role: 'FO',
    type: 'user',
    permissions: [],
    office: 'Dubai',
  },
  {
    email: 'bo@example.com',
    name: 'Boris Back',
    role: 'BO',
    type: 'user',
    permissions: ['ROLE_ALLOW_DELETE_FOLDER'],
    office: 'London',
  },
] as const;

export async function seedPlatform({ db, config }: SeedContext): Promise<void> {
  const offices = await db
    .insert(regions)
    .values([
      { title: 'London', ccy: 'GBP' },
      { title: 'Dubai', ccy: 'AED' },
    ])
    .returning();
  const officeId = (title: string) => offices.find((o) => o.title === title)?.id ?? null;
  const passwordHash = await hashPassword(config.demoPassword);
  await db.insert(users).values(
    DEMO_ACCOUNTS.map((a) => ({
      email: a.email,
      name: a.name,
      role: a.role,
      type: a.type,
      permissions: [...a.permissions],
      region_id: officeId(a.office),
      password_hash: passwordHash,
    })),
  );
}
