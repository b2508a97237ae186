import { type CSSVariablesResolver, createTheme } from '@mantine/core';

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
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
  },
});

/** Mantine's dimmed text (gray 6) gives 3.3:1 on white; gray 7 passes WCAG AA for small text. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
