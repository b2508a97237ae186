import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { FieldError, fieldIds } from './field-error';
import { readQueryParam } from './use-query-param-prefill';

describe('FieldError', () => {
  it('renders the message as an alert with the given id, so a control can point at it', () => {
    const ids = fieldIds('period');
    renderWithProviders(
      <>
        <input aria-label="Period" aria-describedby={ids.error} />
        <FieldError id={ids.error}>Required field</FieldError>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Required field');
    expect(screen.getByLabelText('Period')).toHaveAccessibleDescription('Required field');
  });

  it('renders nothing without a message', () => {
    renderWithProviders(<FieldError id="x" />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('readQueryParam', () => {
  it('reads every non-empty value of a parameter', () => {
    expect(readQueryParam('a', '?a=1&b=2&a=&a=x%20y')).toEqual(['1', 'x y']);
    expect(readQueryParam('c', '?a=1')).toEqual([]);
  });
});
