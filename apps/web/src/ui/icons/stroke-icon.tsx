import type { SVGProps } from 'react';

/** A 24-unit stroke icon drawn inline from one path (no icon package is installed). */
export function StrokeIcon({ d, size = 20, ...svg }: { d: string; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      aria-hidden="true"
      {...svg}
    >
      <path d={d} />
    </svg>
  );
}
