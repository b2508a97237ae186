import type { MailMessageSummary } from '@app/shared/mail/mail.schemas';
import { Badge, CloseButton, Group } from '@mantine/core';
import { Link } from 'react-router';
import { MailIcon } from './mail-icons.tsx';

/** The paperclip of a message with attachments. */
export function AttachmentMark() {
  return (
    <span role="img" aria-label="Has attachments" title="Has attachments" style={{ display: 'inline-flex' }}>
      <MailIcon name="attachment" size={14} />
    </span>
  );
}

/**
 * The client and request a message is linked to, as small badges leading to their pages; with
 * `onUnlink`, each has a × to undo the link.
 */
export function MailLinkBadges({
  message,
  onUnlink,
  busy = false,
  size = 'sm',
  links = true,
}: {
  message: Pick<MailMessageSummary, 'client' | 'request'>;
  onUnlink?: (what: 'client' | 'request') => void;
  busy?: boolean;
  size?: 'xs' | 'sm' | 'md';
  /** Lead to the records' pages (not inside a row that opens on click: a link may not sit in a button). */
  links?: boolean;
}) {
  const { client, request } = message;
  // the reader says what each badge is; a row's small badges go by their colours
  const named = size === 'md';
  if (!client && !request) return null;
  // the server unlinks the request with its client: the client's × says so
  const unlink = (what: 'client' | 'request', name: string) =>
    onUnlink ? (
      <CloseButton
        size="xs"
        aria-label={
          what === 'client' && request
            ? `Unlink client ${name} and request ${request.number}`
            : `Unlink ${name}`
        }
        title={what === 'client' && request ? 'Unlink client and request' : undefined}
        disabled={busy}
        onClick={(event) => {
          event.stopPropagation();
          onUnlink(what);
        }}
      />
    ) : null;
  return (
    <Group gap={6} wrap="wrap">
      {client ? (
        <Badge
          size={size}
          variant="light"
          color="teal"
          tt="none"
          rightSection={unlink('client', client.name)}
          styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
        >
          {links ? (
            <Link
              to={`/directory/clients/${client.id}`}
              onClick={(event) => event.stopPropagation()}
              style={{ color: 'inherit' }}
              title={`Client ${client.name}`}
            >
              {named ? `Client: ${client.name}` : client.name}
            </Link>
          ) : (
            client.name
          )}
        </Badge>
      ) : null}
      {request ? (
        <Badge
          size={size}
          variant="light"
          color="indigo"
          tt="none"
          rightSection={unlink('request', request.number)}
        >
          {links ? (
            <Link
              to={`/requests/${request.id}`}
              onClick={(event) => event.stopPropagation()}
              style={{ color: 'inherit' }}
              title={`Request ${request.number}`}
            >
              {named ? `Request: ${request.number}` : request.number}
            </Link>
          ) : (
            request.number
          )}
        </Badge>
      ) : null}
    </Group>
  );
}
