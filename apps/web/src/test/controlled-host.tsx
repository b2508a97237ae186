import { screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';

export interface ControlledHostProps<V, A extends unknown[]> {
  initial: V;
  /** Renders the widget under test with the held value and the change handler. */
  render: (value: V, onChange: (next: V, ...extra: A) => void) => ReactNode;
  /** Told of every change, with whatever else the widget passes (the chosen item). */
  spy?: (next: V, ...extra: A) => void;
  children?: ReactNode;
}

/**
 * Holds a controlled widget's value as a form would and shows it as JSON in `data-testid="value"`,
 * so component tests can read what the widget told its owner.
 */
export function ControlledHost<V, A extends unknown[] = []>(props: ControlledHostProps<V, A>) {
  const { initial, render, spy, children } = props;
  const [value, setValue] = useState<V>(initial);
  return (
    <>
      {render(value, (next, ...extra) => {
        setValue(next);
        spy?.(next, ...extra);
      })}
      <output data-testid="value">{JSON.stringify(value)}</output>
      {children}
    </>
  );
}

/** The value the host holds, as JSON. */
export const valueText = () => screen.getByTestId('value').textContent;
