import { type CSSVariablesResolver, createTheme } from '@mantine/core';
import {
  COLLAPSE_DURATION_MS,
  DROPDOWN_DURATION_MS,
  MODAL_ENTER_DURATION_MS,
  MODAL_EXIT_DURATION_MS,
  TOOLTIP_FADE_DURATION_MS,
} from './animations.ts';

/**
 * Spec 9 timings. Theme defaults replace a component's own `transitionProps` whole (a shallow
 * merge), so each keeps the transition Mantine would have used. Select, MultiSelect, Autocomplete
 * and TagsInput open a Combobox and Menu opens a Popover, so those two carry the dropdown timing.
 */
const dropdownTransition = { transition: 'fade', duration: DROPDOWN_DURATION_MS } as const;

/**
 * The default light primary shade (blue 6, #228be6) gives white text only 3.6:1 on filled
 * buttons; shade 8 (#1971c2) reaches 5:1 and passes WCAG AA. Close buttons get a label so
 * screen readers announce them (STACK.md). Component defaults are plain objects rather than
 * `X.extend(...)` so the theme does not pull Modal, Drawer and Notification into the first chunk.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  components: {
    CloseButton: { defaultProps: { 'aria-label': 'Close' } },
    Modal: {
      defaultProps: {
        closeButtonProps: { 'aria-label': 'Close' },
        transitionProps: {
          transition: 'fade-down',
          duration: MODAL_ENTER_DURATION_MS,
          exitDuration: MODAL_EXIT_DURATION_MS,
        },
      },
    },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    Collapse: { defaultProps: { transitionDuration: COLLAPSE_DURATION_MS } },
    Tooltip: {
      defaultProps: { transitionProps: { transition: 'fade', duration: TOOLTIP_FADE_DURATION_MS } },
    },
    Popover: { defaultProps: { transitionProps: dropdownTransition } },
    Menu: { defaultProps: { transitionProps: dropdownTransition } },
    Combobox: { defaultProps: { transitionProps: dropdownTransition } },
  },
});

/** Mantine's dimmed text (gray 6) gives 3.3:1 on white; gray 7 passes WCAG AA for small text. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
