import { DOCUMENT_MESSAGES } from '@app/shared/documents/documents.messages';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/http-error.ts';
import { uploadProblem, uploadRefusal } from './upload-rules.ts';

const MB = 1024 * 1024;
const limits = { maxBytes: 100 * MB, taken: new Set(['offer.pdf']) };

describe('a file checked before it is sent', () => {
  it('passes when it has content, fits and its name is free', () => {
    expect(uploadProblem({ name: 'invoice.pdf', size: 10 }, limits)).toBeNull();
    // the bound itself is allowed; the name the server keeps is the base name
    expect(uploadProblem({ name: 'C:\\scans\\passport.png', size: 100 * MB }, limits)).toBeNull();
  });

  it('is refused, for good, when too large, empty, a folder or without a usable name', () => {
    expect(uploadProblem({ name: 'film.mp4', size: 100 * MB + 1 }, limits)).toEqual({
      message: `Too large: 100 MB. ${DOCUMENT_MESSAGES.tooLarge(100 * MB)}`,
      retryable: false,
    });
    expect(uploadProblem({ name: 'blank.txt', size: 0 }, limits)).toEqual({
      message: DOCUMENT_MESSAGES.emptyFile('blank.txt'),
      retryable: false,
    });
    expect(uploadProblem({ name: 'Scans', size: 0, isDirectory: true }, limits)?.message).toBe(
      '“Scans” is a folder: open it and drop the files inside instead.',
    );
    expect(uploadProblem({ name: '../..', size: 3 }, limits)).toEqual({
      message: DOCUMENT_MESSAGES.badName,
      retryable: false,
    });
  });

  it('is refused when its name is taken in the folder (any case), which a rename can cure', () => {
    expect(uploadProblem({ name: 'OFFER.PDF', size: 3 }, limits)).toEqual({
      message: 'A file named “OFFER.PDF” is already in this folder. Rename one of them first.',
      retryable: true,
    });
  });

  it('knows no size bound until the server said it', () => {
    expect(
      uploadProblem({ name: 'big.bin', size: 10_000 * MB }, { maxBytes: null, taken: new Set() }),
    ).toBeNull();
  });
});

describe('a refused upload in words', () => {
  const error = (status: number, body: unknown) =>
    new HttpError(status, '', '/api/v1/documents/files/', body);

  it('says what the server said, and whether Retry can help', () => {
    expect(uploadRefusal(error(400, { errors: { name: ['Should be unique'] } }), 'a.pdf')).toEqual({
      message: 'A file named “a.pdf” is already in this folder. Rename one of them first.',
      retryable: true,
    });
    expect(uploadRefusal(error(413, { errors: { detail: 'A file can be at most 100 MB.' } }), 'x')).toEqual({
      message: 'Too large. A file can be at most 100 MB.',
      retryable: false,
    });
    expect(uploadRefusal(error(400, { errors: { file: ['"x" is empty'] } }), 'x')).toEqual({
      message: '"x" is empty',
      retryable: false,
    });
    expect(uploadRefusal(error(400, { errors: { folder: ['Invalid field value'] } }), 'x').message).toMatch(
      /no longer exists/,
    );
    expect(uploadRefusal(error(0, null), 'x')).toMatchObject({ retryable: true, message: /cut off/ });
    expect(uploadRefusal(error(500, null), 'x')).toEqual({
      message: 'The upload failed (500 error). Try again.',
      retryable: true,
    });
    expect(uploadRefusal(new DOMException('stop', 'AbortError'), 'x')).toEqual({
      message: 'Canceled.',
      retryable: false,
    });
  });
});
