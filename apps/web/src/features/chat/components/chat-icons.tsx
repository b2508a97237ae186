import { StrokeIcon } from '../../../ui/icons/stroke-icon.tsx';

/** The chat's stroke icons (24-unit paths). */
const PATHS = {
  chat: 'M4 5h16v11H9l-5 4V5z M8 9h8 M8 12h5',
  close: 'M6 6l12 12 M18 6L6 18',
  minimise: 'M6 12h12',
  expand: 'M6 15l6-6 6 6',
  members:
    'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6z M3 19c0-3 3-5 6-5s6 2 6 5 M16 5.5a3 3 0 0 1 0 5.5 M18 14c2 .6 3 2.4 3 5',
  back: 'M15 6l-6 6 6 6',
  send: 'M4 12l16-8-6 16-3-7-7-1z',
  edit: 'M4 20h4L19 9l-4-4L4 16v4z M13 7l4 4',
  trash: 'M5 7h14 M10 7V4h4v3 M7 7l1 13h8l1-13',
  plus: 'M12 5v14 M5 12h14',
} as const;

export function ChatIcon({ name, size = 18 }: { name: keyof typeof PATHS; size?: number }) {
  return <StrokeIcon d={PATHS[name]} size={size} />;
}
