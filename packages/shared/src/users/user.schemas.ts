import { z } from 'zod';
import { ListQuerySchema } from '../api/envelope.ts';
import { PERMISSIONS, ROLES } from '../auth/roles.ts';

export const RoleSchema = z.enum(ROLES);
export const PermissionSchema = z.enum(PERMISSIONS);
export const UserTypeSchema = z.enum(['admin', 'user']);

export const RegionRefSchema = z.object({ id: z.number().int(), title: z.string(), ccy: z.string() });

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
  region: RegionRefSchema.nullable(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** The login answer: the user record carrying its token. */
export const LoginUserSchema = CurrentUserSchema.extend({ auth_token: z.string() });
export type LoginUser = z.infer<typeof LoginUserSchema>;

export const EmailField = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Required field')
  .max(254)
  .email('Invalid mail format');
export const PasswordField = z.string().min(10, 'Minimum 10 characters').max(128, 'Maximum 128 characters');

export const LoginBodySchema = z.strictObject({
  email: z.string().trim().toLowerCase().min(1, 'Required field').max(254),
  password: z.string().min(1, 'Required field').max(128),
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
  region: RegionRefSchema.nullable(),
  is_active: z.boolean(),
  temporary_password: z.boolean(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
  version: z.number().int(),
});
export type User = z.infer<typeof UserSchema>;

const NameField = z.string().trim().min(1, 'Required field').max(120, 'Maximum 120 characters');

export const CreateUserBodySchema = z.strictObject({
  name: NameField,
  email: EmailField,
  role: RoleSchema,
  region_id: z.number().int().positive().nullable().optional(),
  permissions: z.array(PermissionSchema).max(PERMISSIONS.length).default([]),
  password: PasswordField,
});
export type CreateUserBody = z.infer<typeof CreateUserBodySchema>;

export const UpdateUserBodySchema = z.strictObject({
  version: z.number().int(),
  name: NameField.optional(),
  email: EmailField.optional(),
  role: RoleSchema.optional(),
  region_id: z.number().int().positive().nullable().optional(),
  permissions: z.array(PermissionSchema).max(PERMISSIONS.length).optional(),
  is_active: z.boolean().optional(),
  /** Setting a password here makes it temporary again: the user must change it at next sign-in. */
  password: PasswordField.optional(),
});
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

export const UserListQuerySchema = z.object({
  ...ListQuerySchema.pick({ limit: true, offset: true, search: true }).shape,
  role: RoleSchema.optional(),
  region: z.coerce.number().int().positive().optional(),
  is_active: z.enum(['true', 'false']).optional(),
  ordering: z
    .enum(['name', '-name', 'email', '-email', 'created_at', '-created_at', 'role', '-role'])
    .optional(),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

export const UpdateProfileBodySchema = z.strictObject({ name: NameField });
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

export const ChangePasswordBodySchema = z.strictObject({
  /** Not asked when the current password is temporary: the user has just signed in with it. */
  current_password: z.string().max(128).optional(),
  new_password: PasswordField,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const ResetRequestBodySchema = z.strictObject({ email: EmailField });
export const ResetConfirmBodySchema = z.strictObject({
  token: z.string().min(10).max(200),
  password: PasswordField,
});

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
