import { Group, Kbd, Text } from '@mantine/core';

/** The screen's keys, said once at the top so nobody has to discover them. */
export function KeyboardHint() {
  return (
    <Group gap={6} visibleFrom="md" aria-label="Keyboard" data-testid="keyboard-hint">
      <Kbd size="xs">↑</Kbd>
      <Kbd size="xs">↓</Kbd>
      <Text size="xs" c="dimmed">
        line ·
      </Text>
      <Kbd size="xs">Enter</Kbd>
      <Text size="xs" c="dimmed">
        best suggestion, then post ·
      </Text>
      <Kbd size="xs">Esc</Kbd>
      <Text size="xs" c="dimmed">
        cancel
      </Text>
    </Group>
  );
}
