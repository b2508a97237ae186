import { describe, expect, it } from 'vitest';
import { applyCase } from './case-mode';

describe('applyCase', () => {
  it('lower- and upper-cases', () => {
    expect(applyCase('MiXeD Ёж', 'lower')).toBe('mixed ёж');
    expect(applyCase('MiXeD ёж', 'upper')).toBe('MIXED ЁЖ');
  });

  it('title-cases every word, after spaces and hyphens', () => {
    expect(applyCase('aNNE-marie  o’neil', 'title')).toBe('Anne-Marie  O’neil');
    expect(applyCase('иван петров', 'title')).toBe('Иван Петров');
  });

  it('leaves the value alone without a mode', () => {
    expect(applyCase('MiXeD', undefined)).toBe('MiXeD');
  });
});
