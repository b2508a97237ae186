import type { Task } from '@app/shared/tasks/tasks.schemas';
import { Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { TaskDeadline, TaskLinkText, TaskUrgentMark } from './task-marks.tsx';

/**
 * A task as text, for someone who may not change its details (its assignee, who only moves its
 * status): easier to read than a form of disabled fields.
 */
export function TaskSummary({ task }: { task: Task }) {
  return (
    <Stack gap="sm">
      <Group gap="xs" align="center">
        <Title order={3} size="h4">
          {task.title}
        </Title>
        <TaskUrgentMark priority={task.priority} />
      </Group>
      {task.description ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {task.description}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          No description.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="xs">
        <Fact label="Assignee">{task.assignee.name}</Fact>
        <Fact label="Author">{task.author.name}</Fact>
        <Fact label="Deadline">
          <TaskDeadline task={task} />
        </Fact>
        <Fact label="About">
          <TaskLinkText task={task} />
        </Fact>
      </SimpleGrid>
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}
