import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@app/shared/users/user.schemas';

/** Checked before upload so a wrong file costs no round trip; the server checks again by content. */
export function avatarFileProblem(file: File): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type))
    return 'Choose a PNG, JPEG, WebP or GIF image.';
  if (file.size > AVATAR_MAX_BYTES) return `The image must be at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB.`;
  return null;
}
