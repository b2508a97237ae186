import { errorDetail, isHttpError } from '../../../lib/http/http-error.ts';

/**
 * Why a chat call failed, in words for the person. Spec 8 shows no toast for a 403 on a channel
 * URL, and a network failure shows none either, so the chat says these itself, where the action
 * was (under the composer, in the editor, in the question, in the members panel).
 */

/** What the call was about, for a 404: the message or the chat itself is gone. */
export type ChatSubject = 'chat' | 'message' | 'member';

/** No answer, or a proxy that could not reach the server: trying again later may work. */
export function isConnectionFailure(error: unknown): boolean {
  return isHttpError(error) && [0, 502, 503, 504].includes(error.status);
}

/** A 403 that says the caller is not in the channel (any other 403 names its own rule). */
function notMember(error: unknown): boolean {
  const detail = errorDetail(error);
  return !detail || /not a member/i.test(detail);
}

/** The reason after "Not sent: ", "Not saved: "... */
export function chatFailureReason(error: unknown, subject: ChatSubject = 'chat'): string {
  if (isConnectionFailure(error)) return 'no connection. Try again.';
  if (!isHttpError(error)) return 'something went wrong. Try again.';
  switch (error.status) {
    case 403:
      return notMember(error) ? 'you are no longer in this chat.' : (errorDetail(error) ?? '');
    case 404:
      return subject === 'message'
        ? 'the message no longer exists.'
        : subject === 'member'
          ? 'they are no longer in this chat.'
          : 'this chat no longer exists.';
    case 400:
      return errorDetail(error) ?? 'the server refused it.';
    default:
      return 'something went wrong. Try again.';
  }
}

/** "Not sent: you are no longer in this chat." */
export function chatFailure(outcome: string, error: unknown, subject?: ChatSubject): string {
  return `${outcome}: ${chatFailureReason(error, subject)}`;
}

/**
 * Whether a failed call on channel `id` means the caller can no longer see the channel at all: a
 * 403 for not being a member, or a 404 for the channel.
 */
export function isChannelGone(error: unknown): boolean {
  if (!isHttpError(error)) return false;
  return error.status === 404 || (error.status === 403 && notMember(error));
}
