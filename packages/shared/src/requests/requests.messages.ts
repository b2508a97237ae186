/** Business-rule messages of the requests area (section 5 has none for them). */
export const REQUEST_MESSAGES = {
  clientBlacklisted: 'This client is blacklisted and cannot get a new request',
  notDeletable: 'A request with a confirmed, invoiced or accounted line cannot be deleted; cancel it instead',
  notCancelable: 'A request with an invoiced or accounted line cannot be canceled',
  alreadyCanceled: 'This request is already canceled',
  lineLocked: 'An invoiced or accounted line cannot be changed',
  lineCanceled: 'A canceled line cannot be changed',
} as const;
