/**
 * Every text-input message of spec section 5, written once. The web widgets and the server's zod
 * schemas both read these, so a person sees the same words whichever side refused the value.
 */
export const MESSAGES = {
  required: 'Required field',
  unique: 'Should be unique',
  invalidEmail: 'Invalid mail format',
  onlyRussian: 'Only Russian letters are allowed',
  onlyEnglish: 'Only English letters are allowed',
  onlyNumbers: 'Only numbers allowed',
  onlyLetters: 'Only letters are allowed',
  invalidDate: 'Invalid date format',
  /** Used for both "incorrect" and "pattern" errors (spec section 5). */
  invalidValue: 'Invalid field value',
  invalidCard: 'Invalid card number',
  passwordsMismatch: 'Passwords must be same',
} as const;
export type StaticMessage = (typeof MESSAGES)[keyof typeof MESSAGES];

/**
 * Messages for input section 5 does not foresee, kept beside it so both sides word them alike. A
 * section 5 text is used wherever one fits.
 */
export const INPUT_MESSAGES = {
  /** '1,17': refused rather than read as 117 (the web turns the comma into a point first). */
  decimalComma: 'Use a point as the decimal separator, for example 1.17',
} as const;
export const maxDecimalsMessage = (n: number): string => `Maximum ${n} decimal places`;

export const minLengthMessage = (n: number): string => `Minimum ${n} characters`;
export const maxLengthMessage = (n: number): string => `Maximum ${n} characters`;
/** `n` may be a decimal string so money bounds are shown exactly as configured. */
export const minValueMessage = (n: number | string): string => `Minimum value ${n}`;
export const maxValueMessage = (n: number | string): string => `Maximum value ${n}`;
export const minDateMessage = (date: Date | string): string => `Minimum date: ${formatDisplayDate(date)}`;
export const maxDateMessage = (date: Date | string): string => `Maximum date: ${formatDisplayDate(date)}`;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * dd/MM/yyyy. Accepts a Date (local calendar day) or an ISO string (`YYYY-MM-DD` or a date-time,
 * whose date part is used as written so a UTC midnight does not slip a day in another timezone).
 */
export function formatDisplayDate(date: Date | string): string {
  if (typeof date === 'string') {
    const m = ISO_DATE.exec(date);
    if (!m) return date;
    return `${m[3]}/${m[2]}/${m[1]}`;
  }
  const dd = String(date.getDate()).padStart(2, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${String(date.getFullYear()).padStart(4, '0')}`;
}
