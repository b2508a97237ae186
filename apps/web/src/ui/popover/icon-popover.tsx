import { ActionIcon, Popover, Tooltip } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { type ReactElement, type ReactNode, useState } from 'react';

/**
 * Open state for an IconPopover, kept by the owner so that opening re-renders the owner (a label
 * that depends on the clock, like "update needed", is worked out again on each click). Escape
 * closes it wherever the focus is (Mantine only listens inside the dropdown).
 */
export function usePopoverToggle() {
  const [opened, setOpened] = useState(false);
  useWindowEvent('keydown', (event) => {
    if (opened && event.key === 'Escape') setOpened(false);
  });
  return { opened, onOpenedChange: setOpened };
}

export interface IconPopoverProps {
  opened: boolean;
  onOpenedChange: (opened: boolean) => void;
  /** Tooltip of the button and name of the popup (a dialog). */
  label: string;
  /** The button's accessible name. @default label */
  buttonLabel?: string;
  icon: ReactNode;
  width: number;
  trapFocus?: boolean;
  'data-testid'?: string;
  /** Wraps the button inside the tooltip, e.g. in an Indicator. */
  decorate?: (button: ReactElement) => ReactElement;
  children: ReactNode;
}

/** A header icon button with a tooltip that toggles a popup below it, ending at its right edge. */
export function IconPopover(props: IconPopoverProps) {
  const { opened, onOpenedChange, label, buttonLabel, icon, width, trapFocus, decorate, children } = props;
  const button = (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={buttonLabel ?? label}
      aria-expanded={opened}
      onClick={() => onOpenedChange(!opened)}
      data-testid={props['data-testid']}
    >
      {icon}
    </ActionIcon>
  );
  return (
    <Popover
      opened={opened}
      onChange={onOpenedChange}
      position="bottom-end"
      shadow="md"
      width={width}
      withArrow
      trapFocus={trapFocus}
    >
      <Popover.Target>
        <Tooltip label={label} disabled={opened}>
          {decorate ? decorate(button) : button}
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown aria-label={label} role="dialog">
        {children}
      </Popover.Dropdown>
    </Popover>
  );
}
