import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { TextInput, type TextInputProps } from './text-input';

/** A controlled host that records every value the widget emits. */
function Host(props: Partial<TextInputProps> & { initial?: string; onValue?: (v: string) => void }) {
  const { initial = '', onValue, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <>
      <TextInput
        label="Field"
        {...rest}
        value={value}
        onChange={(v) => {
          setValue(v);
          onValue?.(v);
        }}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('TextInput', () => {
  it('ties the top label to the input and shows placeholder and icon', () => {
    renderWithProviders(
      <Host label="Client name" placeholder="Type a name" icon={<span data-testid="icon" />} />,
    );
    const input = screen.getByLabelText('Client name');
    expect(input).toHaveAttribute('placeholder', 'Type a name');
    expect(screen.getByTestId('icon')).toBeInTheDocument();
  });

  it('passes typed text to onChange', async () => {
    const { user } = renderWithProviders(<Host />);
    await user.type(screen.getByLabelText('Field'), 'Hello');
    expect(screen.getByTestId('value')).toHaveTextContent('Hello');
  });

  it('shows and hides a password with the eye button', async () => {
    const { user } = renderWithProviders(<Host label="Password" type="password" initial="secret" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it.each([
    ['upper', 'hello World', 'HELLO WORLD'],
    ['lower', 'Hello WORLD', 'hello world'],
    ['title', 'anne-marie SMITH', 'Anne-Marie Smith'],
  ] as const)('applies %s case while typing', async (caseMode, typed, expected) => {
    const { user } = renderWithProviders(<Host caseMode={caseMode} />);
    const input = screen.getByLabelText('Field');
    await user.type(input, typed);
    expect(input).toHaveValue(expected);
    expect(screen.getByTestId('value')).toHaveTextContent(expected);
  });

  it('keeps the caret in place when changing case in the middle', async () => {
    const { user } = renderWithProviders(<Host caseMode="upper" initial="AC" />);
    const input = screen.getByLabelText('Field') as HTMLInputElement;
    input.focus();
    input.setSelectionRange(1, 1);
    await user.keyboard('b');
    expect(input).toHaveValue('ABC');
    expect(input.selectionStart).toBe(2);
  });

  it('formats a number mask with space thousands and emits the plain decimal string', async () => {
    const onValue = vi.fn();
    const { user } = renderWithProviders(<Host mask={{ kind: 'number' }} onValue={onValue} />);
    const input = screen.getByLabelText('Field');
    await user.type(input, '1234567.891');
    expect(input).toHaveValue('1 234 567.89');
    expect(onValue).toHaveBeenLastCalledWith('1234567.89');
  });

  it('shows prefix and suffix around the number and keeps them out of the value', async () => {
    const { user } = renderWithProviders(
      <Host mask={{ kind: 'number', prefix: '$ ', suffix: ' USD', scale: 0 }} />,
    );
    const input = screen.getByLabelText('Field');
    await user.type(input, '25000');
    expect(input).toHaveValue('$ 25 000 USD');
    expect(screen.getByTestId('value')).toHaveTextContent(/^25000$/);
  });

  it('numeric mask lets only digits and one dot through, reading a decimal comma as the dot', async () => {
    const { user } = renderWithProviders(<Host mask={{ kind: 'numeric' }} />);
    const input = screen.getByLabelText('Field');
    await user.type(input, '1,2a.5.7');
    expect(input).toHaveValue('1.257');
    expect(screen.getByTestId('value')).toHaveTextContent(/^1\.257$/);
  });

  it('number mask reads a decimal comma as the dot: "1,17" is 1.17, not 117', async () => {
    const { user } = renderWithProviders(<Host mask={{ kind: 'number' }} />);
    const input = screen.getByLabelText('Field');
    await user.type(input, '1,17');
    expect(input).toHaveValue('1.17');
    expect(screen.getByTestId('value')).toHaveTextContent(/^1\.17$/);
  });

  it("keeps a minus sign and says 'Minimum value 0' instead of quietly dropping it", async () => {
    const { user } = renderWithProviders(<Host mask={{ kind: 'number', scale: 0, min: 0, max: 365 }} />);
    const input = screen.getByLabelText('Field');
    await user.type(input, '-5');
    expect(input).toHaveValue('-5');
    expect(screen.getByTestId('value')).toHaveTextContent(/^-5$/);
    expect(screen.getByText('Minimum value 0')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.clear(input);
    await user.type(input, '400');
    expect(input).toHaveValue('400');
    expect(screen.getByText('Maximum value 365')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '30');
    expect(screen.queryByText(/^M(ax|in)imum value/)).not.toBeInTheDocument();
  });

  it('numeric mask keeps a leading minus for the validation to refuse', async () => {
    const { user } = renderWithProviders(<Host mask={{ kind: 'numeric' }} />);
    await user.type(screen.getByLabelText('Field'), '-1.5-');
    expect(screen.getByTestId('value')).toHaveTextContent(/^-1\.5$/);
  });

  it('pattern mask groups a card number', async () => {
    const { user } = renderWithProviders(<Host mask={{ kind: 'pattern', pattern: '0000 0000 0000 0000' }} />);
    const input = screen.getByLabelText('Field');
    await user.type(input, '4242x424242424242');
    expect(input).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByTestId('value')).toHaveTextContent(/^4242424242424242$/);
  });

  it('shows a masked value given from outside without reporting a change', () => {
    const onValue = vi.fn();
    renderWithProviders(<Host mask={{ kind: 'number' }} initial="98765.40" onValue={onValue} />);
    expect(screen.getByLabelText('Field')).toHaveValue('98 765.40');
    expect(onValue).not.toHaveBeenCalled();
  });

  it('prefills from the query parameter named like the control when filtering is on', () => {
    renderWithProviders(<Host name="client" filtering caseMode="upper" />, {
      url: '/clients?client=acme&x=1',
    });
    expect(screen.getByLabelText('Field')).toHaveValue('ACME');
    expect(screen.getByTestId('value')).toHaveTextContent('ACME');
  });

  it('ignores the query parameter when filtering is off', () => {
    renderWithProviders(<Host name="client" />, { url: '/clients?client=acme' });
    expect(screen.getByLabelText('Field')).toHaveValue('');
  });

  it("says 'Required field' once a required field is left empty, and marks it invalid", async () => {
    const onBlur = vi.fn();
    const { user } = renderWithProviders(<Host required onBlur={onBlur} />);
    const input = screen.getByRole('textbox', { name: /Field/ });
    expect(screen.queryByText('Required field')).not.toBeInTheDocument();
    await user.click(input);
    await user.tab();
    expect(onBlur).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Required field')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Required field');
    await user.type(input, 'x');
    expect(screen.queryByText('Required field')).not.toBeInTheDocument();
  });

  it('shows an outside error in place of its own', () => {
    renderWithProviders(<Host error="Invalid mail format" />);
    expect(screen.getByText('Invalid mail format')).toBeInTheDocument();
    expect(screen.getByLabelText('Field')).toHaveAttribute('aria-invalid', 'true');
  });
});
