import { MAIL_MESSAGES } from '@app/shared/mail/mail.messages';
import type { Mailbox, MailboxTestResult, MailSecurity } from '@app/shared/mail/mail.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { setFormError, showServerFieldErrors } from '../../../lib/forms/server-field-errors.ts';
import { errorDetail, isHttpError } from '../../../lib/http/http-error.ts';
import { toast } from '../../../ui/toasts/toast-store.ts';
import { useCreateMailbox } from '../api/create-mailbox.ts';
import { useTestMailbox } from '../api/test-mailbox.ts';
import { useUpdateMailbox } from '../api/update-mailbox.ts';
import {
  createMailboxBody,
  MAILBOX_SERVER_FIELDS,
  type MailboxFormInput,
  type MailboxFormOutput,
  mailboxFormSchema,
  mailboxValues,
  portAfterSecurity,
  SECURITY_OPTIONS,
  testMailboxBody,
  updateMailboxBody,
} from './mailbox-form-values.ts';
import { MailboxTestSteps } from './mailbox-test-steps.tsx';

type Form = UseFormReturn<MailboxFormInput, unknown, MailboxFormOutput>;

/**
 * An office's mailbox: name and address, the IMAP and SMTP servers, the switch that lets it sync
 * and send. A password is never shown: "saved" says one is stored, and an empty field keeps it.
 * "Test connection" tries the settings as typed and says each step's outcome.
 */
export function MailboxForm({
  mailbox,
  office,
  onDone,
}: {
  mailbox: Mailbox | null;
  office: { id: number; title: string };
  onDone: () => void;
}) {
  const form: Form = useForm<MailboxFormInput, unknown, MailboxFormOutput>({
    resolver: zodResolver(mailboxFormSchema),
    defaultValues: mailboxValues(mailbox),
  });
  const create = useCreateMailbox();
  const update = useUpdateMailbox();
  const test = useTestMailbox();
  const [result, setResult] = useState<MailboxTestResult | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const saving = create.isPending || update.isPending;

  const onSave = form.handleSubmit(async (values) => {
    setRefusal(null);
    if (!mailbox && !values.imap_password) {
      form.setError(
        'imap_password',
        { type: 'required', message: MAIL_MESSAGES.passwordRequired },
        { shouldFocus: true },
      );
      return;
    }
    try {
      if (mailbox) {
        const body = updateMailboxBody(mailbox, values);
        if (body) await update.mutateAsync({ id: mailbox.id, body });
        toast.success('The mailbox was saved.');
      } else {
        await create.mutateAsync(createMailboxBody(office.id, values));
        toast.success(`The mailbox of ${office.title} was created.`);
      }
      onDone();
    } catch (error) {
      if (isHttpError(error) && error.status === 409) {
        setRefusal(
          errorDetail(error) ?? 'This mailbox was changed by someone else: close and open it again.',
        );
        return;
      }
      if (!showServerFieldErrors(error, MAILBOX_SERVER_FIELDS, setFormError(form.setError))) {
        setRefusal(errorDetail(error));
      }
    }
  });

  const onTest = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      setResult(await test.mutateAsync(testMailboxBody(mailbox, values)));
    } catch (error) {
      showServerFieldErrors(error, MAILBOX_SERVER_FIELDS, setFormError(form.setError));
    }
  });

  return (
    <form
      onSubmit={onSave}
      noValidate
      aria-label={mailbox ? `Mailbox of ${office.title}` : `New mailbox of ${office.title}`}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput
            label="Name"
            withAsterisk
            data-autofocus
            error={form.formState.errors.name?.message}
            {...form.register('name')}
          />
          <TextInput
            label="Address"
            withAsterisk
            description="The From of the messages sent"
            placeholder="london@example.com"
            error={form.formState.errors.address?.message}
            {...form.register('address')}
          />
        </SimpleGrid>
        <ServerFields form={form} protocol="imap" mailbox={mailbox} />
        <ServerFields form={form} protocol="smtp" mailbox={mailbox} />
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <Switch
              label="Enabled: sync new messages and send through it"
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
        {result ? <MailboxTestSteps result={result} /> : null}
        {refusal ? (
          <Alert color="red" title="Not saved" role="alert">
            {refusal}
          </Alert>
        ) : null}
        <Group justify="space-between" gap="sm">
          <Button variant="default" onClick={() => void onTest()} loading={test.isPending} disabled={saving}>
            Test connection
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onDone} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {mailbox ? 'Save' : 'Create mailbox'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

function ServerFields({
  form,
  protocol,
  mailbox,
}: {
  form: Form;
  protocol: 'imap' | 'smtp';
  mailbox: Mailbox | null;
}) {
  const errors = form.formState.errors;
  const saved = protocol === 'imap' ? mailbox?.has_imap_password : mailbox?.has_smtp_password;
  const label = protocol === 'imap' ? 'Incoming mail (IMAP)' : 'Outgoing mail (SMTP)';
  return (
    <Fieldset legend={label} variant="filled" p="sm">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="sm">
          <TextInput
            label={`${protocol.toUpperCase()} host`}
            withAsterisk
            placeholder={protocol === 'imap' ? 'imap.example.com' : 'smtp.example.com'}
            error={errors[`${protocol}_host`]?.message}
            {...form.register(`${protocol}_host`)}
          />
          <Controller
            control={form.control}
            name={`${protocol}_security`}
            render={({ field }) => (
              <Select
                label={`${protocol.toUpperCase()} security`}
                data={SECURITY_OPTIONS}
                value={field.value}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                onChange={(value) => {
                  if (!value) return;
                  field.onChange(value);
                  const port = String(form.getValues(`${protocol}_port`) ?? '');
                  form.setValue(`${protocol}_port`, portAfterSecurity(protocol, port, value as MailSecurity));
                }}
              />
            )}
          />
          <TextInput
            label={`${protocol.toUpperCase()} port`}
            withAsterisk
            inputMode="numeric"
            error={errors[`${protocol}_port`]?.message}
            {...form.register(`${protocol}_port`)}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput
            label={`${protocol.toUpperCase()} user`}
            withAsterisk={protocol === 'imap'}
            autoComplete="off"
            error={errors[`${protocol}_user`]?.message}
            {...form.register(`${protocol}_user`)}
          />
          <PasswordInput
            label={`${protocol.toUpperCase()} password`}
            withAsterisk={protocol === 'imap' && !mailbox}
            autoComplete="new-password"
            placeholder={saved ? 'saved · leave blank to keep' : protocol === 'smtp' ? 'none' : ''}
            description={saved ? 'A password is saved' : undefined}
            error={errors[`${protocol}_password`]?.message}
            {...form.register(`${protocol}_password`)}
          />
        </SimpleGrid>
        {protocol === 'smtp' ? (
          <Text size="xs" c="dimmed">
            Leave the SMTP user empty for a server that takes mail without a login.
          </Text>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
