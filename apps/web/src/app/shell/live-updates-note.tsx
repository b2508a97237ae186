import { Button, Text } from '@mantine/core';
import { useRealtimeStatus } from '../../lib/realtime/realtime-connection.ts';
import classes from './live-updates-note.module.css';

/**
 * Once the socket has given up (10 failed attempts, or the server refused the token with 4401),
 * nothing arrives live any more: the bell, notices and chat stand still until a reload. This says
 * so, quietly, under the header, with the reload at hand.
 */
export function LiveUpdatesNote() {
  const status = useRealtimeStatus();
  if (status !== 'completed') return null;
  return (
    <div className={classes.note} role="status" data-testid="live-updates-note">
      <Text span size="sm" fw={500}>
        Live updates paused
      </Text>
      <Text span size="sm" aria-hidden="true">
        ·
      </Text>
      <Button size="compact-sm" variant="default" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </div>
  );
}
