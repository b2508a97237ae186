import { StrokeIcon } from '../icons/stroke-icon.tsx';

/** The mail agent's stroke icons (24-unit paths). */
const PATHS = {
  attachment: 'M8 12.5l6.5-6.5a3 3 0 0 1 4.2 4.2l-8 8a5 5 0 0 1-7-7l7.5-7.5',
  reply: 'M10 8L5 12.5 10 17 M5 12.5h9a5 5 0 0 1 5 5V19',
  replyAll: 'M12 8l-5 4.5 5 4.5 M7 8l-5 4.5 5 4.5 M7 12.5h8a5 5 0 0 1 5 5V19',
  forward: 'M14 8l5 4.5-5 4.5 M19 12.5h-9a5 5 0 0 0-5 5V19',
  compose: 'M4 20h4L19 9l-4-4L4 16v4z M13 7l4 4',
  inbox: 'M4 13l2.5-8h11l2.5 8v6H4v-6z M4 13h5l1 2h4l1-2h5',
  sent: 'M4 12l16-8-6 16-3-7-7-1z',
  folder: 'M3 6h6l2 2h10v11H3V6z',
  all: 'M4 6h16 M4 12h16 M4 18h16',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1 M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  unread: 'M3 6h18v12H3V6z M3 7l9 6 9-6',
  download: 'M12 4v11 M7 10l5 5 5-5 M5 20h14',
  settings:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z M19 12l2-1-1-3-2 .3-1.3-1.3.3-2-3-1-1 2h-2l-1-2-3 1 .3 2L6 7.3 4 7 3 10l2 1v2l-2 1 1 3 2-.3 1.3 1.3-.3 2 3 1 1-2h2l1 2 3-1-.3-2 1.3-1.3 2 .3 1-3-2-1v-2z',
  back: 'M15 6l-6 6 6 6',
  image: 'M4 5h16v14H4V5z M4 16l5-5 4 4 3-3 4 4 M15 9.5a1 1 0 1 0 0-.01',
} as const;

export type MailIconName = keyof typeof PATHS;

export function MailIcon({ name, size = 16 }: { name: MailIconName; size?: number }) {
  return <StrokeIcon d={PATHS[name]} size={size} />;
}
