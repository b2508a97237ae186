import { describe, expect, it } from 'vitest';
import {
  formatDisplayDate,
  MESSAGES,
  maxDateMessage,
  maxLengthMessage,
  maxValueMessage,
  minDateMessage,
  minLengthMessage,
  minValueMessage,
} from './messages.ts';

describe('spec section 5 messages', () => {
  it('keeps the fixed texts word for word', () => {
    expect(Object.values(MESSAGES)).toEqual([
      'Required field',
      'Should be unique',
      'Invalid mail format',
      'Only Russian letters are allowed',
      'Only English letters are allowed',
      'Only numbers allowed',
      'Only letters are allowed',
      'Invalid date format',
      'Invalid field value',
      'Invalid card number',
      'Passwords must be same',
    ]);
  });

  it('fills {n} into the length and value messages', () => {
    expect(minLengthMessage(3)).toBe('Minimum 3 characters');
    expect(maxLengthMessage(255)).toBe('Maximum 255 characters');
    expect(minValueMessage(0)).toBe('Minimum value 0');
    expect(maxValueMessage('999.99')).toBe('Maximum value 999.99');
  });

  it('writes dates in the messages as dd/MM/yyyy', () => {
    expect(minDateMessage('2024-03-07')).toBe('Minimum date: 07/03/2024');
    expect(maxDateMessage(new Date(2025, 11, 31))).toBe('Maximum date: 31/12/2025');
  });

  it('uses the date part of an ISO instant as written', () => {
    expect(formatDisplayDate('2024-01-05T23:30:00Z')).toBe('05/01/2024');
    expect(formatDisplayDate(new Date(2024, 0, 5, 23, 30))).toBe('05/01/2024');
  });
});
