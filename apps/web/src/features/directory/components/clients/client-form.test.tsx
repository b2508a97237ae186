import type { CreateClientBody } from '@app/shared/directory/index';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../../lib/http/http-error.ts';
import { renderPage } from '../../../../test/render.tsx';
import { toastStore } from '../../../../ui/toasts/toast-store.ts';
import { ClientForm } from './client-form.tsx';

// as the record API receives it: asked with `fieldErrors: 'inline'`
const refused = (status: number, body: unknown) =>
  new HttpError(status, 'Refused', '/api/v1/clients/', body, true);

function setup(onSubmit = vi.fn(async (_values: CreateClientBody) => {}), onReload = vi.fn()) {
  const page = renderPage(
    <ClientForm submitLabel="Create client" onSubmit={onSubmit} onReload={onReload} />,
    {
      path: '/',
    },
  );
  const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
  return { ...page, onSubmit, onReload, field };
}

describe('ClientForm', () => {
  it('shows the spec messages and sends nothing until they are fixed', async () => {
    const { user, onSubmit, field } = setup();
    await user.click(screen.getByRole('button', { name: 'Create client' }));
    expect(await screen.findAllByText('Required field')).toHaveLength(2);
    expect(field('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(field('First name'), 'Anna');
    await user.type(field('Last name'), 'Ivanova');
    await user.type(field('Email'), 'anna@');
    await user.click(screen.getByRole('button', { name: 'Create client' }));
    expect(await screen.findByText('Invalid mail format')).toBeInTheDocument();
    expect(screen.queryByText('Required field')).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(field('Email'), 'Example.com');
    await waitFor(() => expect(screen.queryByText('Invalid mail format')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Create client' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      first_name: 'Anna',
      last_name: 'Ivanova',
      email: 'anna@example.com',
      rating: 'Basic',
      membership: null,
      fo_manager_id: null,
    });
  });

  it('sends the payment terms as a number of days, and none when left empty', async () => {
    const { user, onSubmit, field } = setup();
    await user.type(field('First name'), 'Anna');
    await user.type(field('Last name'), 'Ivanova');
    await user.type(field('Payment terms'), '30');
    await user.click(screen.getByRole('button', { name: 'Create client' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ payment_terms_days: 30 });

    await user.clear(field('Payment terms'));
    await user.click(screen.getByRole('button', { name: 'Create client' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]?.[0].payment_terms_days ?? null).toBeNull();
  });

  it('refuses a plan that ends before it starts', async () => {
    const { user, onSubmit, field } = setup();
    await user.type(field('First name'), 'Anna');
    await user.type(field('Last name'), 'Ivanova');
    await user.type(field('Membership start'), '10/05/2026');
    await user.type(field('Membership end'), '01/05/2026');
    await user.click(screen.getByRole('button', { name: 'Create client' }));
    expect(await screen.findByText('Minimum date: 10/05/2026')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("puts the server's field messages on the fields, toasting only those the form has no field for", async () => {
    const onSubmit = vi.fn(async () => {
      throw refused(400, {
        errors: {
          email: ['Should be unique'],
          passport_series: ['Invalid field value'],
          detail: ['Check the fields.'],
        },
      });
    });
    const { user, field } = setup(onSubmit);
    await user.type(field('First name'), 'Anna');
    await user.type(field('Last name'), 'Ivanova');
    await user.type(field('Email'), 'anna@example.com');
    await user.click(screen.getByRole('button', { name: 'Create client' }));
    expect(await screen.findByText('Should be unique')).toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Not saved')).not.toBeInTheDocument();
    expect(toastStore.getSnapshot().map((t) => [t.title, t.message])).toEqual([
      ['400', 'Passport series: Invalid field value'],
    ]);
    toastStore.clear();
  });

  it('explains a 409 and offers to reload the record', async () => {
    const onSubmit = vi.fn(async () => {
      throw refused(409, { errors: { detail: 'Stale version.' } });
    });
    const { user, field, onReload } = setup(onSubmit);
    await user.type(field('First name'), 'Anna');
    await user.type(field('Last name'), 'Ivanova');
    await user.click(screen.getByRole('button', { name: 'Create client' }));
    expect(await screen.findByTestId('stale-alert')).toHaveTextContent('changed by someone else');
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});
