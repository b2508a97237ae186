import { Avatar, type AvatarProps } from '@mantine/core';

/** 'Anna Maria Smith' -> 'AS'; 'anna' -> 'A'. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]?.charAt(0) ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.charAt(0) ?? '') : '';
  return (first + last).toUpperCase();
}

/** The avatar image, or the initials when there is none (spec 2.3). */
export function UserAvatar({ name, src, ...props }: { name: string; src: string | null } & AvatarProps) {
  return (
    <Avatar src={src ?? undefined} alt={name} color="blue" radius="xl" {...props}>
      {initials(name)}
    </Avatar>
  );
}
