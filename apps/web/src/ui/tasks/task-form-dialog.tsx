import { TASK_TITLE_MAX, type Task } from '@app/shared/tasks/tasks.schemas';
import { TASK_PRIORITIES, TASK_STATUSES, type TaskStatus } from '@app/shared/value-lists';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Group,
  Input,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { formatDateTime } from '../../lib/format/format-date.ts';
import { setFormError, showServerFieldErrors } from '../../lib/forms/server-field-errors.ts';
import { errorDetail, isHttpError } from '../../lib/http/http-error.ts';
import { useSignedInUser } from '../../lib/session/current-user.ts';
import { useCreateTask } from '../../lib/tasks/create-task.ts';
import { getTask } from '../../lib/tasks/get-task.ts';
import { canDeleteTask, canEditTaskDetails, statusMoves } from '../../lib/tasks/task-rules.ts';
import { useUpdateTask } from '../../lib/tasks/update-task.ts';
import { PickerField, SelectField, TextAreaField } from '../form/form-fields.tsx';
import { toast } from '../toasts/toast-store.ts';
import { DeleteTaskDialog } from './delete-task-dialog.tsx';
import { TaskDeadlineFields } from './task-deadline-fields.tsx';
import {
  createTaskBody,
  newTaskValues,
  TASK_SERVER_FIELDS,
  type TaskFormApi,
  type TaskFormInput,
  type TaskFormOutput,
  type TaskPrefill,
  taskFormSchema,
  taskValues,
  updateTaskBody,
} from './task-form-values.ts';
import { TaskLinkFields } from './task-link-fields.tsx';
import { TaskSummary } from './task-summary.tsx';

/** Staff who hold tasks: FO and BO managers and the Admins (the managers picker with Admins). */
const STAFF_PICKER = { with_admins: true } as const;

export interface TaskFormDialogProps {
  opened: boolean;
  /** The task to edit; null opens a new one. */
  task: Task | null;
  /** A new task's starting link (the request or client page it was opened from). */
  prefill?: TaskPrefill;
  onClose: () => void;
  onSaved?: (task: Task) => void;
}

/**
 * Create or edit a task: title, description, priority, status, assignee, deadline (a day, hour
 * and minute in the person's own time zone) and what it is about. What a person may change
 * follows the task rules (lib/tasks/task-rules.ts); the server checks them again.
 */
export function TaskFormDialog({ opened, task, prefill, onClose, onSaved }: TaskFormDialogProps) {
  const [deleting, setDeleting] = useState<Task | null>(null);
  return (
    <>
      <Modal
        opened={opened}
        onClose={onClose}
        title={task ? 'Task' : 'New task'}
        size="lg"
        // Escape or a click outside answers the delete question on top, not this dialog too
        closeOnEscape={deleting === null}
        closeOnClickOutside={deleting === null}
      >
        {opened ? (
          <TaskForm
            key={task ? `${task.id}` : 'new'}
            task={task}
            prefill={prefill}
            onClose={onClose}
            onSaved={onSaved}
            onDelete={setDeleting}
          />
        ) : null}
      </Modal>
      <DeleteTaskDialog
        task={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          onClose();
        }}
      />
    </>
  );
}

function TaskForm({
  task: initial,
  prefill,
  onClose,
  onSaved,
  onDelete,
}: Omit<TaskFormDialogProps, 'opened'> & { onDelete: (task: Task) => void }) {
  const me = useSignedInUser();
  const [task, setTask] = useState<Task | null>(initial);
  const [stale, setStale] = useState<string | null>(null);
  const createCall = useCreateTask();
  const updateCall = useUpdateTask();
  const form = useForm<TaskFormInput, unknown, TaskFormOutput>({
    resolver: zodResolver(taskFormSchema),
    defaultValues: task ? taskValues(task) : newTaskValues(prefill),
  });
  const { control, formState } = form;

  const editable = task === null || canEditTaskDetails(task, me);
  const moves = task ? statusMoves(task, me) : [];
  const statuses: TaskStatus[] = task
    ? TASK_STATUSES.filter((s) => s === task.status || moves.includes(s))
    : ['Not started', 'In progress'];
  const canSave = editable || moves.length > 0;
  const saving = createCall.isPending || updateCall.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      if (task) {
        const body = updateTaskBody(task, values);
        if (body) {
          const saved = await updateCall.mutateAsync({ id: task.id, body });
          toast.success('The task was saved.');
          onSaved?.(saved);
        }
      } else {
        const saved = await createCall.mutateAsync(createTaskBody(values));
        toast.success(
          saved.assignee.id === me.id
            ? 'The task was created.'
            : `The task was created for ${saved.assignee.name}.`,
        );
        onSaved?.(saved);
      }
      onClose();
    } catch (error) {
      if (isHttpError(error) && error.status === 409) {
        setStale(errorDetail(error) ?? 'This task was changed by someone else.');
        return;
      }
      showServerFieldErrors(error, TASK_SERVER_FIELDS, setFormError(form.setError));
    }
  });

  const reloadLatest = async () => {
    if (!task) return;
    const latest = await getTask(task.id).catch(() => null);
    if (!latest) return;
    setTask(latest);
    setStale(null);
    form.reset(taskValues(latest));
  };

  const statusField = (
    <SelectField
      control={control}
      name="status"
      label="Status"
      data={statuses}
      required
      clearable={false}
      disabled={statuses.length < 2}
      description={statusHint(task, me.id)}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={task ? `Task ${task.title}` : 'New task'}>
      <Stack gap="md">
        {stale ? (
          <Alert color="yellow" variant="light" role="alert" title="Changed by someone else">
            <Stack gap="xs" align="flex-start">
              {stale}
              <Button size="xs" variant="light" onClick={() => void reloadLatest()}>
                Load the latest version
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {task && !canSave ? (
          <Text size="sm" c="dimmed" role="note">
            Only the author ({task.author.name}) can change this task
            {task.status === 'Control' ? ': it waits for their check.' : '.'}
          </Text>
        ) : null}
        {task && editable === false && moves.length > 0 ? (
          <Text size="sm" c="dimmed" role="note">
            As its assignee you move its status; the author ({task.author.name}) changes the rest.
          </Text>
        ) : null}
        {editable ? (
          <>
            <TextInput
              label="Title"
              withAsterisk
              data-autofocus
              maxLength={TASK_TITLE_MAX}
              error={formState.errors.title?.message}
              {...form.register('title')}
            />
            <TextAreaField
              control={control}
              name="description"
              label="Description"
              rows={4}
              maxLength={5000}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              <PriorityField form={form} />
              {statusField}
            </SimpleGrid>
            <Box>
              <PickerField
                control={control}
                name="assignee"
                label="Assignee"
                object="managers/picker"
                params={STAFF_PICKER}
                preloadParams={STAFF_PICKER}
                displayField="named"
                extraField="extra"
                required
                placeholder="Who does it"
                initialItems={[
                  { id: me.id, named: me.name },
                  ...(task ? [{ id: task.assignee.id, named: task.assignee.name }] : []),
                ]}
              />
              <Button
                variant="subtle"
                size="compact-xs"
                mt={4}
                onClick={() => form.setValue('assignee', me.id, { shouldValidate: true, shouldDirty: true })}
              >
                Assign to me
              </Button>
            </Box>
            <TaskDeadlineFields form={form} creating={task === null} />
            <TaskLinkFields form={form} task={task} prefill={prefill} />
          </>
        ) : task ? (
          <>
            <TaskSummary task={task} />
            {statusField}
          </>
        ) : null}
        {task ? (
          <Text size="xs" c="dimmed">
            Set by {task.author.name} on {formatDateTime(task.created_at)}
            {task.completed_at ? ` · completed on ${formatDateTime(task.completed_at)}` : ''}
          </Text>
        ) : null}
        <Group justify="space-between" gap="sm" mt="xs">
          {task && canDeleteTask(task, me) ? (
            <Button variant="subtle" color="red.8" onClick={() => onDelete(task)} disabled={saving}>
              Delete
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {canSave ? 'Cancel' : 'Close'}
            </Button>
            {canSave ? (
              <Button type="submit" loading={saving}>
                {task ? 'Save' : 'Create task'}
              </Button>
            ) : null}
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** What the status choice means for this person, under the field. */
function statusHint(task: Task | null, me: number): string | undefined {
  if (!task) return undefined;
  if (task.status === 'Control') {
    return task.author.id === me
      ? 'Done by the assignee: accept it as Completed, or return it to In progress.'
      : `Done, waiting for ${task.author.name}’s check.`;
  }
  if (task.assignee.id === me && task.author.id !== me && task.status !== 'Completed') {
    return 'When it is done, move it to Control for the author’s check.';
  }
  return undefined;
}

function PriorityField({ form }: { form: TaskFormApi }) {
  const labelId = useId();
  return (
    <Controller
      control={form.control}
      name="priority"
      render={({ field }) => (
        <Box>
          <Input.Label id={labelId} component="div">
            Priority
          </Input.Label>
          <SegmentedControl
            fullWidth
            role="radiogroup"
            aria-labelledby={labelId}
            name={field.name}
            data={[...TASK_PRIORITIES]}
            value={field.value}
            onChange={field.onChange}
            color={field.value === 'Urgent' ? 'red.8' : undefined}
          />
        </Box>
      )}
    />
  );
}
