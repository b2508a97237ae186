import { dateField, emailField, MESSAGES, requiredString } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderWithProviders } from '../../test/render.tsx';
import type { PickerFetcher } from '../picker/picker-fetcher';
import { DateField, PickerField, SelectField, TextField } from './form-fields.tsx';

const schema = z.object({
  name: requiredString(10),
  email: emailField(),
  flight_class: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required),
  client: z.number({ error: MESSAGES.required }),
  tags: z.array(z.string()),
  travel_date: dateField({ min: '2024-01-01' }),
});
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;

const fetcher = vi.fn<PickerFetcher>(async () => ({ data: [{ id: 4, name: 'Acme Travel' }] }));

function TheForm({ onValid }: { onValid: (v: Output) => void }) {
  const { control, handleSubmit } = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', email: '', tags: [] } as Partial<Input> as Input,
  });
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate>
      <TextField control={control} name="name" label="Name" required />
      <TextField control={control} name="email" label="Email" required />
      <SelectField
        control={control}
        name="flight_class"
        label="Class"
        data={['Economy', 'Business', 'First']}
        required
      />
      <PickerField
        control={control}
        name="client"
        label="Client"
        object="clients"
        fetcher={fetcher}
        required
      />
      <SelectField control={control} name="tags" label="Tags" multiple data={['VIP', 'Family']} />
      <DateField control={control} name="travel_date" label="Travel date" required today="2024-03-14" />
      <button type="submit">Save</button>
    </form>
  );
}

describe('form fields: the widgets bound to react-hook-form and the shared zod fields', () => {
  it('shows the shared messages from the schema and submits the typed values', async () => {
    const onValid = vi.fn();
    const { user } = renderWithProviders(<TheForm onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).not.toHaveBeenCalled();
    // name, email, class, client and travel date are all required
    expect(await screen.findAllByText('Required field')).toHaveLength(5);

    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Anna');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'anna@');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid mail format')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'Example.com');

    await user.click(screen.getByRole('combobox', { name: /Class/ }));
    await user.click(screen.getByRole('option', { name: 'Business' }));
    await user.click(screen.getByRole('combobox', { name: /Client/ }));
    await user.click(await screen.findByRole('option', { name: 'Acme Travel' }));
    await user.click(screen.getByRole('combobox', { name: /Tags/ }));
    await user.click(screen.getByRole('option', { name: 'VIP' }));
    await user.keyboard('{Escape}');
    await user.type(screen.getByRole('textbox', { name: /Travel date/ }), '20/03/2024{Enter}');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({
      name: 'Anna',
      email: 'anna@example.com',
      flight_class: 'Business',
      client: 4,
      tags: ['VIP'],
      travel_date: '2024-03-20',
    });
    // a whole form typed key by key: allow for a busy machine
  }, 30_000);
});
