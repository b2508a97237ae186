import { screen } from '@testing-library/react';
import type { renderWithProviders } from './render.tsx';

type User = ReturnType<typeof renderWithProviders>['user'];

/** Finds the parts of a date widget labelled `name`: its input, its popup and the popup's days. */
export function dateFieldQueries(name: RegExp) {
  const input = () => screen.getByRole('textbox', { name });
  return {
    input,
    /** Puts the text in the input in one go (as a paste) and presses Enter: one render, not one per key. */
    typeAndEnter: async (user: User, text: string) => {
      await user.click(input());
      await user.paste(text);
      await user.keyboard('{Enter}');
    },
    calendar: () => screen.queryByRole('dialog'),
    day: (label: string) => screen.getByRole('button', { name: label }),
  };
}
