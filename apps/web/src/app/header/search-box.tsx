import { ActionIcon, CloseButton, Popover, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Icon } from '../icons.tsx';
import { searchUrl } from './search-url.ts';

/** Spec 9: the search popup is 400 px wide (in px, not rem, so it does not follow the font size). */
export const SEARCH_POPUP_WIDTH = 400;

/** Spec 2.3: an icon that opens a 400 px popup; Enter searches, X closes. */
export function SearchBox() {
  const [opened, setOpened] = useState(false);
  const [text, setText] = useState('');
  const navigate = useNavigate();

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      shadow="md"
      trapFocus
      styles={{ dropdown: { width: SEARCH_POPUP_WIDTH, maxWidth: 'calc(100vw - 16px)' } }}
    >
      <Popover.Target>
        <ActionIcon
          variant={opened ? 'light' : 'subtle'}
          color="gray"
          size="lg"
          aria-label="Search"
          aria-expanded={opened}
          onClick={() => setOpened((value) => !value)}
        >
          <Icon name="search" />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <TextInput
          data-autofocus
          aria-label="Search text"
          placeholder="Search"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            void navigate(searchUrl(text));
            setOpened(false);
          }}
          leftSection={<Icon name="search" size={16} />}
          rightSection={<CloseButton aria-label="Close search" onClick={() => setOpened(false)} />}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
