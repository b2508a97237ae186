import { Text } from '@mantine/core';

// Built by issue 10 (the page is written by its helper).
export default function Page() {
  return <Text c="dimmed">Loading…</Text>;
}
