import type { ChatChannel, ChatMember } from '@app/shared/chat/chat.schemas';
import { ActionIcon, Avatar, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../ui/confirm-dialog/confirm-dialog.tsx';
import { Picker } from '../../../ui/picker/picker.tsx';
import { useAddMember } from '../api/add-member.ts';
import { chatFailure, isChannelGone } from '../api/chat-failure.ts';
import { useRemoveMember } from '../api/remove-member.ts';
import classes from './chat-dock.module.css';
import { ChatIcon } from './chat-icons.tsx';
import { CHAT_USER_PICKER } from './new-chat-dialog.tsx';

type Removal = { member: ChatMember; leaving: boolean };

/**
 * A group's members: add a colleague, remove a member (after a question; the server lets the
 * group's creator and Admins do that), or leave the group (anyone may). A refusal says why: under
 * the picker for an addition, in the question for a removal.
 */
export function MembersPanel({
  channel,
  selfId,
  isAdmin,
  onLeft,
}: {
  channel: ChatChannel;
  selfId: number;
  isAdmin: boolean;
  onLeft: () => void;
}) {
  const add = useAddMember(channel.id);
  const remove = useRemoveMember(channel.id);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [addFailure, setAddFailure] = useState<string | null>(null);
  const [removeFailure, setRemoveFailure] = useState<string | null>(null);
  const self = channel.users.find((u) => u.id === selfId);
  const memberIds = channel.users.map((u) => u.id);
  const canRemoveOthers = isAdmin || channel.created_by === selfId;

  const closeRemoval = () => {
    setRemoval(null);
    setRemoveFailure(null);
  };

  const confirm = () => {
    if (!removal) return;
    remove.mutate(
      { userId: removal.member.id, leaving: removal.leaving },
      {
        onSuccess: () => {
          closeRemoval();
          if (removal.leaving) onLeft();
        },
        onError: (error) => {
          // leaving a chat one is no longer in: already done
          if (removal.leaving && isChannelGone(error)) {
            closeRemoval();
            onLeft();
            return;
          }
          setRemoveFailure(
            chatFailure(
              removal.leaving ? 'Not left' : 'Not removed',
              error,
              removal.leaving ? 'chat' : 'member',
            ),
          );
        },
      },
    );
  };

  const addMember = (userId: number) => {
    setAddFailure(null);
    add.mutate(userId, { onError: (error) => setAddFailure(chatFailure('Not added', error)) });
  };

  return (
    <div className={classes.members}>
      <Stack gap="sm">
        <Picker
          label="Add a member"
          object={CHAT_USER_PICKER}
          params={{ exclude: memberIds }}
          displayField="named"
          extraField="extra"
          value={null}
          onChange={(value) => {
            if (value !== null) addMember(Number(value));
          }}
          disabled={add.isPending}
          error={addFailure}
          placeholder="Find a colleague"
        />
        <Text size="sm" fw={600}>
          Members ({channel.users.length})
        </Text>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Members">
          {channel.users.map((member) => (
            <li key={member.id}>
              <Group gap={8} wrap="nowrap" py={4}>
                <Avatar
                  src={member.avatar ?? undefined}
                  name={member.name}
                  color="initials"
                  radius="xl"
                  size={28}
                />
                <Text size="sm" truncate style={{ flex: 1 }}>
                  {member.name}
                </Text>
                {member.id === selfId ? (
                  <Badge size="sm" variant="light">
                    You
                  </Badge>
                ) : canRemoveOthers ? (
                  <Tooltip label="Remove from the group">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Remove ${member.name}`}
                      onClick={() => setRemoval({ member, leaving: false })}
                    >
                      <ChatIcon name="close" size={16} />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
              </Group>
            </li>
          ))}
        </ul>
        {self ? (
          <Button variant="light" color="red" onClick={() => setRemoval({ member: self, leaving: true })}>
            Leave the group
          </Button>
        ) : null}
      </Stack>
      <ConfirmDialog
        opened={removal !== null}
        title={removal?.leaving ? 'Leave the group' : 'Remove member'}
        confirmLabel={removal?.leaving ? 'Leave' : 'Remove'}
        busy={remove.isPending}
        refusal={removeFailure}
        onCancel={closeRemoval}
        onConfirm={confirm}
      >
        {removal?.leaving
          ? `Leave “${channel.title}”? You will no longer see its messages.`
          : `Remove ${removal?.member.name ?? ''} from “${channel.title}”?`}
      </ConfirmDialog>
    </div>
  );
}
