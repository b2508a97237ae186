import { Title } from '@mantine/core';

/** Placeholder until the page lands (decision 0011). */
export default function Page() {
  return <Title order={1}>Coming soon</Title>;
}
