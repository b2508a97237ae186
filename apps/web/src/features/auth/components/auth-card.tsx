import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './auth-card.module.css';

/** The frame of the signed-out screens: product name, a heading, the form. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children?: ReactNode;
}) {
  return (
    <Center className={classes.page}>
      <Paper className={classes.card} withBorder shadow="sm" radius="md" p="xl">
        <Stack gap="lg">
          <div>
            <Text size="sm" fw={700} c="blue.8" tt="uppercase" lts={1}>
              Back office
            </Text>
            <Title order={1} size="h2" mt={4}>
              {title}
            </Title>
            {subtitle ? (
              <Text c="dimmed" size="sm" mt={4}>
                {subtitle}
              </Text>
            ) : null}
          </div>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
