import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { TextInput } from '../text-input/text-input.tsx';

/** Typing waits for a pause before the list reloads; Enter applies at once. */
export const LIST_SEARCH_DEBOUNCE_MS = 400;

export function ListSearchInput({
  value,
  onChange,
  label = 'Search',
  placeholder,
  type = 'search',
}: {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  placeholder?: string;
  /** `text` for a plain text box (the users list's, which its browser tests find as a textbox). */
  type?: 'search' | 'text';
}) {
  const [text, setText] = useState(value);
  // the URL can change under us (reset, back button): follow it
  useEffect(() => setText((current) => (current.trim() === value.trim() ? current : value)), [value]);
  const apply = useDebouncedCallback((next: string) => {
    if (next.trim() !== value.trim()) onChange(next.trim());
  }, LIST_SEARCH_DEBOUNCE_MS);

  return (
    <search>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          apply.cancel();
          if (text.trim() !== value.trim()) onChange(text.trim());
        }}
      >
        <TextInput
          name="search"
          type={type}
          label={label}
          placeholder={placeholder}
          value={text}
          onChange={(next) => {
            setText(next);
            apply(next);
          }}
        />
      </form>
    </search>
  );
}
