import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext({ DATA_DIR: fs.mkdtempSync('/tmp/users-test-') });
  admin = await t.login('Admin');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(t.config.dataDir, { recursive: true, force: true });
});

const newUser = (over: Record<string, unknown> = {}) => ({
  name: 'Nina New',
  email: `nina${Math.random().toString(36).slice(2, 8)}@example.com`,
  role: 'BO',
  region_id: 1,
  permissions: ['ROLE_ALLOW_DELETE_FOLDER'],
  password: 'temporary-pass-1',
  ...over,
});

function multipart(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = '----test-boundary-7MA4YWxk';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
/** A whole 1x1 PNG: the server decodes what it stores, so a bare signature no longer passes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('user management (Admin)', () => {
  it('creates a user with a temporary password who must set a new one before anything else', async () => {
    const body = newUser();
    const created = await t.request({ method: 'POST', url: 'users/', token: admin, payload: body });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      email: body.email,
      role: 'BO',
      type: 'user',
      temporary_password: true,
      is_active: true,
      region: { title: 'London' },
    });

    const token = await t.login(body.email, body.password);
    const me = await t.request({ method: 'GET', url: 'users/me/', token });
    expect(me.json().data.temporary_password).toBe(true);
    const blocked = await t.request({ method: 'GET', url: 'users/', token });
    expect(blocked.statusCode).toBe(403);
    const profile = await t.request({ method: 'PATCH', url: 'users/me/', token, payload: { name: 'x' } });
    expect(profile.statusCode).toBe(403);

    const changed = await t.request({
      method: 'POST',
      url: 'users/me/password/',
      token,
      payload: { new_password: 'my-own-password-9' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.temporary_password).toBe(false);
    expect(
      (await t.request({ method: 'PATCH', url: 'users/me/', token, payload: { name: 'Nina N.' } }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a duplicate email, whatever its case, with "Should be unique"', async () => {
    const res = await t.request({
      method: 'POST',
      url: 'users/',
      token: admin,
      payload: newUser({ email: 'FO@example.com' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.email).toEqual(['Should be unique']);
  });

  it('refuses bad input and stores nothing', async () => {
    const before = (await t.request({ method: 'GET', url: 'users/?limit=500', token: admin })).json().meta
      .total;
    const cases = [
      newUser({ email: 'not-an-email' }),
      newUser({ role: 'Pilot' }),
      newUser({ password: 'short' }),
      newUser({ name: 'x'.repeat(500) }),
      newUser({ permissions: ['CAN_FLY'] }),
      newUser({ region_id: 99999 }),
    ];
    for (const payload of cases) {
      const res = await t.request({ method: 'POST', url: 'users/', token: admin, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const after = (await t.request({ method: 'GET', url: 'users/?limit=500', token: admin })).json().meta
      .total;
    expect(after).toBe(before);
  });

  it('lists with search, filters, ordering and pagination', async () => {
    const all = await t.request({ method: 'GET', url: 'users/?ordering=email&limit=2', token: admin });
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toHaveLength(2);
    expect(all.json().meta).toMatchObject({ limit: 2, offset: 0 });
    const emails = all.json().data.map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort());
    const search = await t.request({ method: 'GET', url: 'users/?search=front', token: admin });
    expect(search.json().data.map((u: { email: string }) => u.email)).toEqual(['fo@example.com']);
    const byRole = await t.request({ method: 'GET', url: 'users/?role=Accountant', token: admin });
    expect(byRole.json().data.every((u: { role: string }) => u.role === 'Accountant')).toBe(true);
    const bad = await t.request({ method: 'GET', url: 'users/?limit=100000', token: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.limit).toEqual(['Maximum value 500']);
    const negative = await t.request({ method: 'GET', url: 'users/?offset=-1', token: admin });
    expect(negative.json().errors.offset).toEqual(['Minimum value 0']);
  });

  it('deactivates a user: sign-in is refused and existing tokens stop working', async () => {
    const body = newUser();
    const id = (await t.request({ method: 'POST', url: 'users/', token: admin, payload: body })).json().data
      .id;
    const token = await t.login(body.email, body.password);
    const user = (await t.request({ method: 'GET', url: `users/${id}/`, token: admin })).json().data;
    const res = await t.request({
      method: 'PATCH',
      url: `users/${id}/`,
      token: admin,
      payload: { version: user.version, is_active: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.is_active).toBe(false);
    expect((await t.request({ method: 'GET', url: 'users/me/', token })).statusCode).toBe(401);
    const again = await t.request({
      method: 'POST',
      url: 'auth/token/login/',
      payload: { email: body.email, password: body.password },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.detail[0]).toMatch(/deactivated/);
  });

  it('refuses a stale version with 409', async () => {
    const id = (await t.request({ method: 'POST', url: 'users/', token: admin, payload: newUser() })).json()
      .data.id;
    const first = await t.request({
      method: 'PATCH',
      url: `users/${id}/`,
      token: admin,
      payload: { version: 1, name: 'First' },
    });
    expect(first.statusCode).toBe(200);
    const second = await t.request({
      method: 'PATCH',
      url: `users/${id}/`,
      token: admin,
      payload: { version: 1, name: 'Second' },
    });
    expect(second.statusCode).toBe(409);
  });

  it('does not let an admin lock themselves out', async () => {
    const me = (await t.request({ method: 'GET', url: 'users/me/', token: admin })).json().data;
    const self = (await t.request({ method: 'GET', url: `users/${me.id}/`, token: admin })).json().data;
    const res = await t.request({
      method: 'PATCH',
      url: `users/${me.id}/`,
      token: admin,
      payload: { version: self.version, is_active: false },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('own profile', () => {
  it('changes the password only with the right current password', async () => {
    const token = await t.login('BO');
    const wrong = await t.request({
      method: 'POST',
      url: 'users/me/password/',
      token,
      payload: { current_password: 'nope', new_password: 'another-pass-123' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.current_password).toBeDefined();
    const ok = await t.request({
      method: 'POST',
      url: 'users/me/password/',
      token,
      payload: { current_password: 'demo-pass-1', new_password: 'another-pass-123' },
    });
    expect(ok.statusCode).toBe(200);
    expect(await t.login('bo@example.com', 'another-pass-123')).toBeTruthy();
  });

  it('uploads an avatar image and serves it', async () => {
    const token = await t.login('FO');
    const res = await t.request({
      method: 'POST',
      url: 'users/me/avatar/',
      token,
      ...multipart('file', 'me.png', 'image/png', PNG),
    });
    expect(res.statusCode).toBe(200);
    const avatar = res.json().data.avatar as string;
    expect(avatar).toMatch(/^\/media\/avatars\/\d+-[\w-]+\.png$/);
    expect(fs.existsSync(path.join(t.config.mediaDir, 'avatars', path.basename(avatar)))).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: avatar });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(0, 8)).toEqual(PNG.subarray(0, 8));
  });

  it('removes the avatar: the file is deleted and the user shows initials again', async () => {
    const token = await t.login('Accountant');
    const uploaded = await t.request({
      method: 'POST',
      url: 'users/me/avatar/',
      token,
      ...multipart('file', 'me.png', 'image/png', PNG),
    });
    const file = path.join(t.config.mediaDir, 'avatars', path.basename(uploaded.json().data.avatar));
    expect(fs.existsSync(file)).toBe(true);

    const res = await t.request({ method: 'DELETE', url: 'users/me/avatar/', token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.avatar).toBeNull();
    expect(fs.existsSync(file)).toBe(false);
    const me = await t.request({ method: 'GET', url: 'users/me/', token });
    expect(me.json().data.avatar).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: uploaded.json().data.avatar })).statusCode).toBe(404);

    // removing again is harmless
    const again = await t.request({ method: 'DELETE', url: 'users/me/avatar/', token });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.avatar).toBeNull();
  });

  it('refuses to remove an avatar without a token', async () => {
    const res = await t.request({ method: 'DELETE', url: 'users/me/avatar/' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a file that is not an image, whatever it claims', async () => {
    const token = await t.login('FO');
    const res = await t.request({
      method: 'POST',
      url: 'users/me/avatar/',
      token,
      ...multipart('file', 'x.png', 'image/png', Buffer.from('<script>alert(1)</script>')),
    });
    expect(res.statusCode).toBe(415);
  });

  it('refuses an image signature followed by HTML', async () => {
    const token = await t.login('FO');
    const fake = Buffer.concat([PNG.subarray(0, 16), Buffer.from('<html><script>alert(1)</script></html>')]);
    const res = await t.request({
      method: 'POST',
      url: 'users/me/avatar/',
      token,
      ...multipart('file', 'x.png', 'image/png', fake),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().errors.detail).toBe('The avatar must be a PNG, JPEG, GIF or WebP image.');
  });

  it('stores only the decoded picture: a script appended to a real image is not served', async () => {
    const token = await t.login('FO');
    const polyglot = Buffer.concat([PNG, Buffer.from('<script>alert(1)</script>')]);
    const res = await t.request({
      method: 'POST',
      url: 'users/me/avatar/',
      token,
      ...multipart('file', 'me.png', 'image/png', polyglot),
    });
    expect(res.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: res.json().data.avatar });
    expect(served.rawPayload.subarray(0, 8)).toEqual(PNG.subarray(0, 8));
    expect(served.rawPayload.includes('<script')).toBe(false);
  });

  it('refuses an avatar over 2 MB', async () => {
    const token = await t.login('FO');
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const res = await t.request({
      method: 'POST',
      url: 'users/me/avatar/',
      token,
      ...multipart('file', 'big.png', 'image/png', big),
    });
    expect(res.statusCode).toBe(413);
  });
});
