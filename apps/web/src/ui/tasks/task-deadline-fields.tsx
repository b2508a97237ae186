import { REQUEST_HOURS, REQUEST_MINUTES } from '@app/shared/requests/requests.schemas';
import { Box, Group, Stack, Text } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { localTimeZone } from '../../lib/tasks/task-deadline.ts';
import { todayIso } from '../dates/date-format.ts';
import { DatePicker } from '../dates/date-picker.tsx';
import { SelectField } from '../form/form-fields.tsx';
import type { TaskFormApi } from './task-form-values.ts';

/** When a day is picked first, the deadline starts at the end of the working day. */
const DEFAULT_HOUR = '18';

/** The deadline: a day, then its hour (00-23) and minute (in fives), in the person's time zone. */
export function TaskDeadlineFields({ form, creating }: { form: TaskFormApi; creating: boolean }) {
  const { control, setValue, getValues } = form;
  const timeZone = localTimeZone();
  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Controller
            control={control}
            name="deadline_date"
            render={({ field, fieldState }) => (
              <DatePicker
                label="Deadline"
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                value={field.value || null}
                // a new task's deadline lies ahead; an old one may be kept as it is
                minDate={creating ? todayIso() : undefined}
                onChange={(day) => {
                  field.onChange(day ?? '');
                  if (day && !getValues('deadline_hour')) {
                    setValue('deadline_hour', DEFAULT_HOUR);
                    setValue('deadline_minute', '00');
                  }
                  if (!day) {
                    setValue('deadline_hour', null);
                    setValue('deadline_minute', null);
                  }
                  form.clearErrors(['deadline_hour', 'deadline_date']);
                }}
              />
            )}
          />
        </Box>
        <Box w="5rem">
          <SelectField
            control={control}
            name="deadline_hour"
            label="Hour"
            aria-label="Deadline hour"
            data={REQUEST_HOURS}
            placeholder="hh"
          />
        </Box>
        <Box w="5rem">
          <SelectField
            control={control}
            name="deadline_minute"
            label="Min"
            aria-label="Deadline minute"
            data={REQUEST_MINUTES}
            placeholder="mm"
          />
        </Box>
      </Group>
      <Text size="xs" c="dimmed">
        Your time ({timeZone}). Leave the day empty for no deadline.
      </Text>
    </Stack>
  );
}
