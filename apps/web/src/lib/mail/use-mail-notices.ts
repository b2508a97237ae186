import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeRealtime } from '../realtime/realtime-events.ts';
import { mailKeys } from './mail-keys.ts';

/** A NewEmail notice arriving over the socket refreshes the mail on screen (lists, counts). */
export function useMailNotices(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      subscribeRealtime<{ type?: string }>('notification', (notice) => {
        if (notice?.type === 'NewEmail') {
          void client.invalidateQueries({ queryKey: mailKeys.messageLists });
          void client.invalidateQueries({ queryKey: mailKeys.folderLists });
          void client.invalidateQueries({ queryKey: mailKeys.mailboxes });
        }
      }),
    [client],
  );
}
