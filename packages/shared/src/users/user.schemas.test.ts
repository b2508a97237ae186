import { describe, expect, it } from 'vitest';
import {
  ChangePasswordBodySchema,
  CreateUserBodySchema,
  LoginBodySchema,
  ResetConfirmBodySchema,
  UpdateUserBodySchema,
  UserListQuerySchema,
} from './user.schemas.ts';

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

const newUser = { name: 'Ann', email: 'Ann@Example.com', role: 'FO', password: 'long-enough-1' };

describe('user contracts', () => {
  it('answer with the section 5 messages', () => {
    expect(CreateUserBodySchema.parse(newUser)).toMatchObject({ email: 'ann@example.com', permissions: [] });
    expect(
      messagesOf(CreateUserBodySchema.safeParse({ name: ' ', email: 'nope', role: 'X', password: 'short' })),
    ).toEqual([
      'name: Required field',
      'email: Invalid mail format',
      'role: Invalid field value',
      'password: Minimum 10 characters',
    ]);
    expect(messagesOf(CreateUserBodySchema.safeParse({ ...newUser, name: 'x'.repeat(121) }))).toEqual([
      'name: Maximum 120 characters',
    ]);
  });

  it('bound region ids and versions to a PostgreSQL integer', () => {
    expect(messagesOf(CreateUserBodySchema.safeParse({ ...newUser, region_id: 2_147_483_648 }))).toEqual([
      'region_id: Maximum value 2147483647',
    ]);
    expect(messagesOf(UpdateUserBodySchema.safeParse({ version: 99_999_999_999 }))).toEqual([
      'version: Maximum value 2147483647',
    ]);
    expect(messagesOf(UpdateUserBodySchema.safeParse({ version: 1, region_id: 0 }))).toEqual([
      'region_id: Minimum value 1',
    ]);
    expect(UpdateUserBodySchema.parse({ version: 3, region_id: null })).toEqual({
      version: 3,
      region_id: null,
    });
  });

  it('refuse control characters in names and passwords', () => {
    expect(messagesOf(CreateUserBodySchema.safeParse({ ...newUser, name: 'A\u0000nn' }))).toEqual([
      'name: Invalid field value',
    ]);
    expect(messagesOf(LoginBodySchema.safeParse({ email: 'a@b.co', password: 'pass\u0000word' }))).toEqual([
      'password: Invalid field value',
    ]);
  });

  it('take any sign-in text as given, lower-casing the email and keeping the password as typed', () => {
    expect(LoginBodySchema.parse({ email: ' Admin@Example.com ', password: ' x ' })).toEqual({
      email: 'admin@example.com',
      password: ' x ',
    });
    expect(messagesOf(LoginBodySchema.safeParse({ email: '', password: '' }))).toEqual([
      'email: Required field',
      'password: Required field',
    ]);
    expect(ChangePasswordBodySchema.parse({ current_password: '', new_password: 'long-enough-1' })).toEqual({
      current_password: '',
      new_password: 'long-enough-1',
    });
    expect(
      messagesOf(ResetConfirmBodySchema.safeParse({ token: 'short', password: 'long-enough-1' })),
    ).toEqual(['token: Minimum 10 characters']);
  });

  it('read the list query strictly', () => {
    expect(UserListQuerySchema.parse({ region: '2', ordering: '-email' })).toMatchObject({
      region: 2,
      ordering: '-email',
      limit: 20,
      offset: 0,
    });
    for (const loose of ['0x10', '00001', '1e1', '1.0', '+5', ' 5'])
      expect(messagesOf(UserListQuerySchema.safeParse({ region: loose })), loose).toEqual([
        'region: Invalid field value',
      ]);
    expect(messagesOf(UserListQuerySchema.safeParse({ region: '99999999999' }))).toEqual([
      'region: Maximum value 2147483647',
    ]);
    expect(messagesOf(UserListQuerySchema.safeParse({ offset: '-5', ordering: 'password' }))).toEqual([
      'offset: Minimum value 0',
      'ordering: Invalid field value',
    ]);
  });
});
