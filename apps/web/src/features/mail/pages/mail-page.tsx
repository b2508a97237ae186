import { Title } from '@mantine/core';

/** /mail: built by issue 14 (mailbox and folder picker, list, message view, compose). */
export default function MailPage() {
  return <Title order={1}>Mail agent</Title>;
}
