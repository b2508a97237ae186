import { displayRole, ROLE_LABELS } from '@app/shared/auth/roles';
import { UpdateProfileBodySchema } from '@app/shared/users/user.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Avatar,
  Button,
  FileButton,
  Group,
  Modal,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { NewPasswordFormSchema } from '../../../lib/forms/new-password-form.ts';
import { setFormError, showServerFieldErrors } from '../../../lib/forms/server-field-errors.ts';
import { errorDetail } from '../../../lib/http/http-error.ts';
import { useSignedInUser } from '../../../lib/session/current-user.ts';
import { NewPasswordFields } from '../../../ui/form/new-password-fields.tsx';
import { toast } from '../../../ui/toasts/toast-store.ts';
import { useChangePassword } from '../api/change-password.ts';
import { useDeleteAvatar } from '../api/delete-avatar.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { useUploadAvatar } from '../api/upload-avatar.ts';
import { avatarFileProblem } from '../components/avatar-file.ts';

/** /profile: everyone edits their name, avatar and password. */
export function ProfilePage() {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Profile
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <DetailsCard />
        <PasswordCard />
      </SimpleGrid>
    </Stack>
  );
}

export default ProfilePage;

function DetailsCard() {
  const user = useSignedInUser();
  const save = useUpdateProfile();
  const upload = useUploadAvatar();
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const form = useForm<{ name: string }>({
    resolver: zodResolver(UpdateProfileBodySchema),
    defaultValues: { name: user.name },
  });

  useEffect(() => {
    form.reset({ name: user.name });
  }, [user.name, form]);

  const onFile = (file: File | null) => {
    setAvatarError(null);
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      setAvatarError(problem);
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast.success('Your photo was updated.'),
      onError: (error) => setAvatarError(errorDetail(error) ?? 'The photo could not be uploaded.'),
    });
  };

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => toast.success('Your profile was saved.'),
      onError: (error) => showServerFieldErrors(error, ['name'], setFormError(form.setError)),
    }),
  );

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        <Title order={2} size="h4">
          Personal details
        </Title>
        <Group gap="lg" align="center">
          <Avatar
            src={user.avatar ?? undefined}
            name={user.name}
            alt={user.name}
            size={88}
            radius="xl"
            color="blue"
          />
          <Stack gap={6} align="flex-start">
            <Group gap="xs">
              <FileButton onChange={onFile} accept="image/png,image/jpeg,image/webp,image/gif">
                {(props) => (
                  <Button variant="default" loading={upload.isPending} {...props}>
                    Upload photo
                  </Button>
                )}
              </FileButton>
              {user.avatar ? (
                <Button
                  variant="subtle"
                  color="red.8"
                  disabled={upload.isPending}
                  onClick={() => {
                    setAvatarError(null);
                    setConfirmRemove(true);
                  }}
                >
                  Remove photo
                </Button>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed">
              PNG, JPEG, WebP or GIF, up to 2 MB
            </Text>
            {avatarError ? (
              <Text size="sm" c="red.8" role="alert">
                {avatarError}
              </Text>
            ) : null}
          </Stack>
        </Group>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <TextInput
              label="Name"
              withAsterisk
              error={form.formState.errors.name?.message}
              {...form.register('name')}
            />
            <TextInput label="Email" value={user.email} readOnly variant="filled" />
            <Group grow>
              <TextInput label="Role" value={ROLE_LABELS[displayRole(user)]} readOnly variant="filled" />
              <TextInput label="Region" value={user.region?.title ?? '—'} readOnly variant="filled" />
            </Group>
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} disabled={!form.formState.isDirty}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
      <RemovePhotoModal opened={confirmRemove} onClose={() => setConfirmRemove(false)} />
    </Paper>
  );
}

/** Asks before removing the photo; the initials show again everywhere once the server answers. */
function RemovePhotoModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const remove = useDeleteAvatar();
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success('Your photo was removed.');
        onClose();
      },
    });
  return (
    <Modal opened={opened} onClose={onClose} title="Remove photo" centered>
      <Stack gap="md">
        <Text>Remove your profile photo? Your initials are shown instead.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={remove.isPending} data-autofocus>
            Cancel
          </Button>
          <Button color="red.8" loading={remove.isPending} onClick={confirm}>
            Remove photo
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const PasswordFormSchema = z
  .object({ current: z.string().min(1, 'Required field').max(128, 'Maximum 128 characters') })
  .and(NewPasswordFormSchema);
type PasswordForm = z.infer<typeof PasswordFormSchema>;

/** The password call's field names, and the fields of this form that show their messages. */
const PASSWORD_SERVER_FIELDS = { current_password: 'current', new_password: 'password' } as const;

function PasswordCard() {
  const change = useChangePassword();
  const form = useForm<PasswordForm>({
    resolver: zodResolver(PasswordFormSchema),
    defaultValues: { current: '', password: '', confirm: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    change.mutate(
      { current_password: values.current, new_password: values.password },
      {
        onSuccess: () => {
          toast.success('Your password was changed.');
          form.reset();
        },
        onError: (error) => showServerFieldErrors(error, PASSWORD_SERVER_FIELDS, setFormError(form.setError)),
      },
    ),
  );

  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Password
          </Title>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            error={errors.current?.message}
            {...form.register('current')}
          />
          <NewPasswordFields form={form} />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
