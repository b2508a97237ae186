import { PERMISSION_LABELS, PERMISSIONS, ROLE_LABELS, ROLES } from '@app/shared/auth/roles';
import {
  CreateUserBodySchema,
  EmailField,
  PasswordField,
  PermissionSchema,
  RoleSchema,
  type User,
} from '@app/shared/users/user.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  PasswordInput,
  Select,
  Stack,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { setFormError, showServerFieldErrors } from '../../../lib/forms/server-field-errors.ts';
import { errorDetail, isHttpError } from '../../../lib/http/http-error.ts';
import { useRegionList } from '../../../lib/regions/list-regions.ts';
import { useCurrentUser } from '../../../lib/session/current-user.ts';
import { toast } from '../../../ui/toasts/toast-store.ts';
import { useCreateUser } from '../api/create-user.ts';
import { getUser } from '../api/get-user.ts';
import { useUpdateUser } from '../api/update-user.ts';
import { generatePassword } from './generate-password.ts';

const baseSchema = z.object({
  name: CreateUserBodySchema.shape.name,
  email: EmailField,
  role: RoleSchema,
  region_id: z.string().nullable(),
  permissions: z.array(PermissionSchema),
});
const createSchema = baseSchema.extend({ password: PasswordField });
// editing: an empty password keeps the current one
const editSchema = baseSchema.extend({ password: z.union([z.literal(''), PasswordField]) });

type UserFormInput = z.input<typeof createSchema>;
type UserFormOutput = z.output<typeof createSchema>;

const FORM_FIELDS = ['name', 'email', 'role', 'region_id', 'permissions', 'password'] as const;

function valuesOf(user: User | null): UserFormInput {
  return {
    name: user?.name ?? '',
    email: user?.email ?? '',
    role: user?.role ?? 'FO',
    region_id: user?.region ? String(user.region.id) : null,
    permissions: (user?.permissions ?? []).filter((p): p is (typeof PERMISSIONS)[number] =>
      (PERMISSIONS as readonly string[]).includes(p),
    ),
    password: user ? '' : generatePassword(),
  };
}

interface UserFormModalProps {
  opened: boolean;
  /** The user to edit; null creates a new one. */
  user: User | null;
  onClose: () => void;
}

/** Create or edit a user (spec 3 fields, permissions, temporary password). */
export function UserFormModal({ opened, user, onClose }: UserFormModalProps) {
  const editing = user !== null;
  const me = useCurrentUser();
  // the server refuses an Admin's own demotion; offer no choice that can only fail
  const ownAccount = editing && me !== undefined && user.id === me.id;
  const [record, setRecord] = useState<User | null>(user);
  const [stale, setStale] = useState<string | null>(null);
  const regions = useRegionList().data?.data ?? [];
  const createCall = useCreateUser();
  const updateCall = useUpdateUser();
  const form = useForm<UserFormInput, unknown, UserFormOutput>({
    resolver: zodResolver(editing ? editSchema : createSchema) as never,
    defaultValues: valuesOf(user),
  });

  useEffect(() => {
    if (!opened) return;
    setRecord(user);
    setStale(null);
    form.reset(valuesOf(user));
  }, [opened, user, form]);

  // under their fields ('Should be unique' under Email), not in a toast; the rest toasts
  const showServerErrors = (error: unknown) =>
    showServerFieldErrors(error, FORM_FIELDS, setFormError(form.setError));

  const onSubmit = form.handleSubmit(async (values) => {
    const region_id = values.region_id ? Number(values.region_id) : null;
    const common = {
      name: values.name,
      email: values.email,
      role: values.role,
      region_id,
      permissions: values.permissions,
    };
    try {
      if (record) {
        await updateCall.mutateAsync({
          id: record.id,
          body: {
            version: record.version,
            ...common,
            ...(values.password ? { password: values.password } : {}),
          },
        });
        toast.success(`${values.name} was saved.`);
      } else {
        await createCall.mutateAsync({ ...common, password: values.password });
        toast.success(
          `${values.name} was created. They must change the temporary password at first sign-in.`,
        );
      }
      onClose();
    } catch (error) {
      if (isHttpError(error) && error.status === 409) {
        setStale(errorDetail(error) ?? 'This user was changed by someone else.');
        return;
      }
      showServerErrors(error);
    }
  });

  const reloadLatest = async () => {
    if (!record) return;
    const latest = await getUser(record.id).catch(() => null);
    if (!latest) return;
    setRecord(latest);
    setStale(null);
    form.reset(valuesOf(latest));
  };

  const { errors } = form.formState;
  const isAdminRole = form.watch('role') === 'Admin';
  const saving = createCall.isPending || updateCall.isPending;

  return (
    <Modal opened={opened} onClose={onClose} title={editing ? 'Edit user' : 'New user'} size="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {stale ? (
            <Alert color="yellow" variant="light" role="alert" title="Changed by someone else">
              <Stack gap="xs" align="flex-start">
                {stale}
                <Button size="xs" variant="light" onClick={() => void reloadLatest()}>
                  Load the latest version
                </Button>
              </Stack>
            </Alert>
          ) : null}
          <Group grow align="flex-start">
            <TextInput label="Name" withAsterisk error={errors.name?.message} {...form.register('name')} />
            <TextInput
              label="Email"
              type="email"
              withAsterisk
              error={errors.email?.message}
              {...form.register('email')}
            />
          </Group>
          <Group grow align="flex-start">
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <Select
                  label="Role"
                  withAsterisk
                  allowDeselect={false}
                  disabled={ownAccount}
                  description={ownAccount ? 'You cannot change your own role.' : undefined}
                  data={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? 'FO')}
                  error={errors.role?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="region_id"
              render={({ field }) => (
                <Select
                  label="Region"
                  placeholder={regions.length ? 'No region' : 'No regions available'}
                  clearable
                  data={regions.map((r) => ({
                    value: String(r.id),
                    label: `${r.title} (${r.ccy})`,
                  }))}
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.region_id?.message}
                />
              )}
            />
          </Group>
          <Controller
            control={form.control}
            name="permissions"
            render={({ field }) => (
              <Checkbox.Group
                label="Permissions"
                // the server gives an Admin every permission, whatever is ticked: say so, offer no choice
                description={isAdminRole ? 'An Admin has every permission.' : undefined}
                value={isAdminRole ? [...PERMISSIONS] : field.value}
                onChange={field.onChange}
                error={errors.permissions?.message}
              >
                <Stack gap={6} mt={6}>
                  {PERMISSIONS.map((permission) => (
                    <Checkbox
                      key={permission}
                      value={permission}
                      label={PERMISSION_LABELS[permission]}
                      disabled={isAdminRole}
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
          />
          <Group align="flex-end" wrap="nowrap">
            <PasswordInput
              style={{ flex: 1 }}
              label={editing ? 'New temporary password' : 'Temporary password'}
              description={
                editing
                  ? 'Leave empty to keep the current password. A new one must be changed at next sign-in.'
                  : 'Give it to the user; they must change it at first sign-in.'
              }
              withAsterisk={!editing}
              defaultVisible
              autoComplete="new-password"
              error={errors.password?.message}
              {...form.register('password')}
            />
            <Button
              variant="default"
              onClick={() => form.setValue('password', generatePassword(), { shouldValidate: true })}
            >
              Generate
            </Button>
          </Group>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {editing ? 'Save' : 'Create user'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
