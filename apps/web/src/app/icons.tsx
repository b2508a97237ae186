import type { SVGProps } from 'react';
import { StrokeIcon } from '../ui/icons/stroke-icon.tsx';

/** A few stroke icons drawn inline: no icon package is installed, and these keep the shell small. */
const PATHS = {
  requests: 'M4 4h16v12H4zM4 16l4 4h8l4-4M9 9h6M9 12h4',
  directory:
    'M5 3h12a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5zM9 10a2 2 0 1 0 4 0 2 2 0 1 0-4 0M7 17c1-2 7-2 8 0M3 7h2M3 12h2M3 17h2',
  accounting: 'M6 3h12v18H6zM9 7h6M9 11h1M14 11h1M9 14h1M14 14h1M9 17h1M14 17h1',
  reports: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  tasks: 'M9 6h11M9 12h11M9 18h11M4 6l1 1 2-2M4 12l1 1 2-2M4 18l1 1 2-2',
  mail: 'M3 5h18v14H3zM3 5l9 8 9-8',
  documents: 'M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6',
  menu: 'M4 6h16M4 12h16M4 18h16',
  collapse: 'M15 6l-6 6 6 6',
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 1 0 0-14M21 21l-5-5',
  home: 'M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10',
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0',
  plus: 'M12 5v14M5 12h14',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
  user: 'M12 4a4 4 0 1 0 0 8 4 4 0 1 0 0-8M4 21c1-4 5-6 8-6s7 2 8 6',
  users:
    'M9 4a3.5 3.5 0 1 0 0 7 3.5 3.5 0 1 0 0-7M2 20c1-3.5 4-5 7-5s6 1.5 7 5M16 4.5a3.5 3.5 0 0 1 0 6.5M18 15c2 .5 3.5 2 4 5',
  back: 'M19 12H5M11 6l-6 6 6 6',
  lock: 'M6 11h12v10H6zM8 11V7a4 4 0 0 1 8 0v4',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({
  name,
  size = 20,
  ...props
}: { name: IconName; size?: number } & SVGProps<SVGSVGElement>) {
  return <StrokeIcon d={PATHS[name]} size={size} strokeLinejoin="round" focusable="false" {...props} />;
}
