import { describe, expect, it } from 'vitest';
import { avatarFileProblem } from './avatar-file.ts';

const file = (type: string, bytes: number) => new File([new Uint8Array(bytes)], 'a', { type });

describe('avatarFileProblem', () => {
  it('accepts the four image types up to 2 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'image/gif']) {
      expect(avatarFileProblem(file(type, 2 * 1024 * 1024))).toBeNull();
    }
  });

  it('refuses other types and files over 2 MB', () => {
    expect(avatarFileProblem(file('image/svg+xml', 10))).toMatch(/PNG, JPEG, WebP or GIF/);
    expect(avatarFileProblem(file('application/pdf', 10))).toMatch(/PNG/);
    expect(avatarFileProblem(file('image/png', 2 * 1024 * 1024 + 1))).toMatch(/at most 2 MB/);
  });
});
