import { z } from 'zod';
import { ListQuerySchema } from '../api/envelope.ts';
import { PERMISSIONS, ROLES } from '../auth/roles.ts';
import { OfficeRefSchema, orderingsOf, versionField } from '../directory/common.schemas.ts';
import {
  emailField,
  enumField,
  idField,
  passwordField,
  queryIdField,
  requiredString,
  secretField,
} from '../validation/fields.schemas.ts';
import { EMAIL_MAX_LENGTH } from '../validation/validators.ts';

export const RoleSchema = enumField(ROLES);
export const PermissionSchema = enumField(PERMISSIONS);
export const UserTypeSchema = z.enum(['admin', 'user']);

/** The current user (spec section 3, API.md `GET /users/me/`). */
export const CurrentUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  notify_counter: z.number().int(),
  temporary_password: z.boolean(),
  type: UserTypeSchema,
  role: RoleSchema,
  permissions: z.array(z.string()),
  region: OfficeRefSchema.nullable(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** The login answer: the user record carrying its token. */
export const LoginUserSchema = CurrentUserSchema.extend({ auth_token: z.string() });
export type LoginUser = z.infer<typeof LoginUserSchema>;

/** A user's email: the spec's mail check, stored lower-cased. */
export const EmailField = emailField();
/** A new password: 10 to 128 characters. */
export const PasswordField = passwordField();

/** Any text is tried as the email, so a wrong one reads 'invalid credentials', not a format error. */
export const LoginBodySchema = z.strictObject({
  email: requiredString(EMAIL_MAX_LENGTH).transform((v) => v.toLowerCase()),
  password: secretField(),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** A user as the Admin's user management sees it. */
export const UserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  type: UserTypeSchema,
  role: RoleSchema,
  permissions: z.array(z.string()),
  region: OfficeRefSchema.nullable(),
  is_active: z.boolean(),
  temporary_password: z.boolean(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
  version: z.number().int(),
});
export type User = z.infer<typeof UserSchema>;

const NameField = requiredString(120);
const PermissionsField = z.array(PermissionSchema).max(PERMISSIONS.length);

export const CreateUserBodySchema = z.strictObject({
  name: NameField,
  email: EmailField,
  role: RoleSchema,
  region_id: idField().nullable().optional(),
  permissions: PermissionsField.default([]),
  password: PasswordField,
});
export type CreateUserBody = z.infer<typeof CreateUserBodySchema>;

export const UpdateUserBodySchema = z.strictObject({
  version: versionField(),
  name: NameField.optional(),
  email: EmailField.optional(),
  role: RoleSchema.optional(),
  region_id: idField().nullable().optional(),
  permissions: PermissionsField.optional(),
  is_active: z.boolean().optional(),
  /** Setting a password here makes it temporary again: the user must change it at next sign-in. */
  password: PasswordField.optional(),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

export const USER_ORDERINGS = orderingsOf(['name', 'email', 'created_at', 'role']);

export const UserListQuerySchema = z.object({
  ...ListQuerySchema.pick({ limit: true, offset: true, search: true }).shape,
  role: RoleSchema.optional(),
  region: queryIdField().optional(),
  is_active: enumField(['true', 'false']).optional(),
  ordering: enumField(USER_ORDERINGS).optional(),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

export const UpdateProfileBodySchema = z.strictObject({ name: NameField });
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

export const ChangePasswordBodySchema = z.strictObject({
  /** Not asked when the current password is temporary: the user has just signed in with it. */
  current_password: secretField(128, { required: false }).optional(),
  new_password: PasswordField,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const ResetRequestBodySchema = z.strictObject({ email: EmailField });
export const ResetConfirmBodySchema = z.strictObject({
  token: requiredString(200, { min: 10 }),
  password: PasswordField,
});

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
