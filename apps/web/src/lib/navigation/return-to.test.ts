import { describe, expect, it } from 'vitest';
import { returnPathOf, safeReturnPath, withReturnPath } from './return-to.ts';

describe('safeReturnPath', () => {
  it('keeps an app path with its query and fragment', () => {
    expect(safeReturnPath('/directory/suppliers?search=yacht')).toBe('/directory/suppliers?search=yacht');
    expect(safeReturnPath('/search?search=Ritz#Requests')).toBe('/search?search=Ritz#Requests');
  });

  it('refuses anything that could leave the app (no open redirect)', () => {
    for (const raw of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'evil.example',
      ' /requests',
      '/requests\n//evil',
      '',
      null,
      undefined,
      `/${'a'.repeat(2001)}`,
    ]) {
      expect(safeReturnPath(raw)).toBeNull();
    }
  });

  it('refuses the sign-in and recovery pages and the bare root, which lead nowhere new', () => {
    expect(safeReturnPath('/login?next=/requests')).toBeNull();
    expect(safeReturnPath('/recover')).toBeNull();
    expect(safeReturnPath('/')).toBeNull();
  });
});

describe('withReturnPath and returnPathOf', () => {
  it('carry a deep link through the query, and nothing unsafe', () => {
    const url = withReturnPath('/login', '/directory/suppliers?search=yacht#top');
    expect(url).toBe('/login?next=%2Fdirectory%2Fsuppliers%3Fsearch%3Dyacht%23top');
    expect(returnPathOf(new URLSearchParams(url.split('?')[1]))).toBe(
      '/directory/suppliers?search=yacht#top',
    );
    expect(withReturnPath('/login', '//evil.example')).toBe('/login');
    expect(returnPathOf(new URLSearchParams('next=https%3A%2F%2Fevil.example'))).toBeNull();
  });
});
