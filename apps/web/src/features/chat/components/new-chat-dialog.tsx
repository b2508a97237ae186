import {
  CHAT_CHANNEL_KINDS,
  CHAT_TITLE_MAX,
  type ChatChannel,
  type ChatChannelKind,
} from '@app/shared/chat/chat.schemas';
import { MESSAGES } from '@app/shared/validation/messages';
import { Modal, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { showServerFieldErrors } from '../../../lib/forms/server-field-errors.ts';
import { DialogFooter } from '../../../ui/form/dialog-footer.tsx';
import { Picker } from '../../../ui/picker/picker.tsx';
import { useCreateChannel } from '../api/create-channel.ts';

/** Colleagues to chat with: all active staff, every role (the manager picker leaves out Accountants). */
export const CHAT_USER_PICKER = 'chat/users';

const KIND_LABELS: Record<ChatChannelKind, string> = { direct: 'Direct', group: 'Group' };

interface Errors {
  title?: string;
  users?: string;
}

/**
 * New chat: a direct chat with one colleague (the pair's existing chat opens if there is one), or
 * a group with a title and members.
 */
export function NewChatDialog({
  opened,
  selfId,
  onClose,
  onCreated,
}: {
  opened: boolean;
  selfId: number;
  onClose: () => void;
  onCreated: (channel: ChatChannel) => void;
}) {
  const create = useCreateChannel();
  const [kind, setKind] = useState<ChatChannelKind>('direct');
  const [person, setPerson] = useState<number | null>(null);
  const [members, setMembers] = useState<number[]>([]);
  const [title, setTitle] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const close = () => {
    if (create.isPending) return;
    setKind('direct');
    setPerson(null);
    setMembers([]);
    setTitle('');
    setErrors({});
    create.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (kind === 'direct' && person === null) found.users = MESSAGES.required;
    if (kind === 'group' && members.length === 0) found.users = MESSAGES.required;
    if (kind === 'group' && !title.trim()) found.title = MESSAGES.required;
    setErrors(found);
    if (found.users || found.title) return;
    const body =
      kind === 'direct'
        ? { kind, users: [person!] }
        : { kind, title: title.trim(), users: members.filter((id) => id !== selfId) };
    create.mutate(body, {
      onSuccess: (channel) => {
        close();
        onCreated(channel);
      },
      onError: (error) =>
        showServerFieldErrors(error, ['title', 'users'], (field, message) =>
          setErrors((e) => ({ ...e, [field.split('.')[0]!]: message })),
        ),
    });
  };

  return (
    <Modal opened={opened} onClose={close} title="New chat" centered size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SegmentedControl
            aria-label="Kind of chat"
            value={kind}
            onChange={(value) => {
              setKind(value as ChatChannelKind);
              setErrors({});
            }}
            data={CHAT_CHANNEL_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }))}
          />
          {kind === 'direct' ? (
            <Picker
              label="Colleague"
              object={CHAT_USER_PICKER}
              params={{ exclude: [selfId] }}
              displayField="named"
              extraField="extra"
              value={person}
              onChange={(value) => {
                setPerson(value === null ? null : Number(value));
                setErrors({});
              }}
              error={errors.users}
              required
              placeholder="Find a colleague"
            />
          ) : (
            <>
              <TextInput
                label="Title"
                value={title}
                onChange={(event) => setTitle(event.currentTarget.value)}
                maxLength={CHAT_TITLE_MAX}
                error={errors.title}
                required
                data-autofocus
              />
              <Picker
                multiple
                label="Members"
                object={CHAT_USER_PICKER}
                params={{ exclude: [selfId] }}
                displayField="named"
                extraField="extra"
                value={members}
                onChange={(values) => setMembers(values.map(Number))}
                error={errors.users}
                required
                placeholder="Add colleagues"
              />
            </>
          )}
          <DialogFooter
            refusal={null}
            refusalTitle="Not started"
            submitLabel={kind === 'direct' ? 'Start chat' : 'Create group'}
            submitting={create.isPending}
            onClose={close}
          />
        </Stack>
      </form>
    </Modal>
  );
}
