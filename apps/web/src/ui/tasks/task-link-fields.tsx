import type { Task } from '@app/shared/tasks/tasks.schemas';
import { Input, SegmentedControl, Stack } from '@mantine/core';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { PickerField } from '../form/form-fields.tsx';
import type { TaskFormApi, TaskPrefill } from './task-form-values.ts';

const LINK_OPTIONS = [
  { value: 'none', label: 'Nothing' },
  { value: 'request', label: 'Request' },
  { value: 'client', label: 'Client' },
];

/** What the task is about: nothing, one request or one client (shown on that record's page too). */
export function TaskLinkFields({
  form,
  task,
  prefill,
}: {
  form: TaskFormApi;
  task: Task | null;
  prefill?: TaskPrefill | undefined;
}) {
  const labelId = useId();
  const link = form.watch('link');
  const knownRequest = task?.request ?? prefill?.request ?? null;
  const knownClient = task?.client ?? prefill?.client ?? null;
  return (
    <Stack gap="xs">
      <Controller
        control={form.control}
        name="link"
        render={({ field }) => (
          <Stack gap={4} align="flex-start">
            <Input.Label id={labelId} component="div">
              About
            </Input.Label>
            <SegmentedControl
              role="radiogroup"
              aria-labelledby={labelId}
              name={field.name}
              data={LINK_OPTIONS}
              value={field.value}
              onChange={(value) => {
                field.onChange(value);
                form.clearErrors(['request', 'client']);
              }}
            />
          </Stack>
        )}
      />
      {link === 'request' ? (
        <PickerField
          control={form.control}
          name="request"
          label="Request"
          object="requests"
          params={{ ordering: '-created_at' }}
          displayField="number"
          extraField="status"
          required
          placeholder="Search by number or client"
          initialItems={knownRequest ? [{ id: knownRequest.id, number: knownRequest.number }] : []}
        />
      ) : null}
      {link === 'client' ? (
        <PickerField
          control={form.control}
          name="client"
          label="Client"
          object="clients"
          displayField="named"
          required
          placeholder="Search by name"
          initialItems={knownClient ? [{ id: knownClient.id, named: knownClient.name }] : []}
        />
      ) : null}
    </Stack>
  );
}
