/** The chat's own error texts (as tasks has TASK_MESSAGES); the rest come from MESSAGES. */
export const CHAT_MESSAGES = {
  notMember: 'You are not a member of this chat channel.',
  notAuthor: 'Only the author of a message may edit or delete it.',
  notRemover: 'Only the channel’s creator or an Admin may remove other members; anyone may leave.',
  directFixed:
    'A direct channel always has its two members: none can be added or removed. Start a group instead.',
  deletedMessage: 'A deleted message cannot be edited.',
  directPair: 'A direct channel is between you and one other user',
  chooseMember: 'Choose at least one member',
  bodyIdMismatch: 'The id in the body does not match the message',
  tooManyMembers: (max: number) => `A channel holds at most ${max} members`,
  inactiveUsers: (ids: readonly number[]) => `No active user with id ${ids.join(', ')}`,
} as const;
