/** Spec 9: animation timings, in milliseconds. The theme applies them to every component. */
export const COLLAPSE_DURATION_MS = 400;
export const MODAL_ENTER_DURATION_MS = 150;
export const MODAL_EXIT_DURATION_MS = 300;
export const TOOLTIP_FADE_DURATION_MS = 150;
export const DROPDOWN_DURATION_MS = 220;
