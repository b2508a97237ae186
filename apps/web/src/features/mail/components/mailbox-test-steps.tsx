import type { MailboxTestResult } from '@app/shared/mail/mail.schemas';
import { Alert, List, Text, ThemeIcon } from '@mantine/core';

export const MAIL_TEST_STEP_LABELS: Record<MailboxTestResult['steps'][number]['step'], string> = {
  imap_connect: 'IMAP: connect',
  imap_login: 'IMAP: log in',
  imap_list: 'IMAP: list the folders',
  smtp_connect: 'SMTP: connect',
  smtp_auth: 'SMTP: log in',
};

/** Each step of "Test connection" with its outcome and, where it failed, the server's words. */
export function MailboxTestSteps({ result }: { result: MailboxTestResult }) {
  return (
    <Alert
      color={result.ok ? 'green' : 'red'}
      variant="light"
      title={result.ok ? 'The connection works' : 'The connection failed'}
      role="status"
    >
      <List spacing={4} size="sm" center>
        {result.steps.map((s) => (
          <List.Item
            key={s.step}
            icon={
              <ThemeIcon size={18} radius="xl" color={s.ok ? 'green' : 'red'} aria-hidden="true">
                <Text size="xs" fw={700} c="white">
                  {s.ok ? '✓' : '✕'}
                </Text>
              </ThemeIcon>
            }
          >
            <Text size="sm" span fw={500}>
              {MAIL_TEST_STEP_LABELS[s.step]}: {s.ok ? 'OK' : 'failed'}
            </Text>
            {s.message ? (
              <Text size="sm" c={s.ok ? 'dimmed' : 'red.9'} style={{ overflowWrap: 'anywhere' }}>
                {s.message}
              </Text>
            ) : null}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
