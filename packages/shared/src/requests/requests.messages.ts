/** Business-rule messages of the requests area (section 5 has none for them). */
export const REQUEST_MESSAGES = {
  clientBlacklisted: 'This client is blacklisted and cannot get a new request',
  notDeletable: 'A request with an invoiced or accounted line cannot be deleted; cancel it instead',
  notCancelable: 'A request with an invoiced or accounted line cannot be canceled',
  alreadyCanceled: 'This request is already canceled',
  lineLocked: 'An invoiced or accounted line cannot be changed',
  lineNotDeletable: 'Only a line not yet confirmed can be deleted; cancel it instead',
  /** A line once invoiced or billed stays on that document's record (decision 0010). */
  lineOnDocument: 'This line has been on an invoice or a bill, which keep it; cancel it instead',
  lineCanceled: 'A canceled line cannot be changed',
  archivedRecord: 'This record is archived; choose another',
  inactiveManager: 'This user is inactive; choose another',
  noRatesToConfirm: (currencies: string) =>
    `No rate set converts ${currencies} to the company's base currency: enter the rates first`,
  lineStamped: 'A confirmed line keeps its money and service; undo the confirmation to change them',
  requestCanceled: 'This request is canceled and takes no more changes',
  deadlinesOverCost: "The deadline payments add up to more than the line's cost",
  managerRole: (role: 'FO' | 'BO') => `Choose a ${role} manager or an Admin`,
  accountingLinesOnly: 'An accounting request takes Accounting lines only',
  noAccountingLines: 'Accounting lines belong to accounting requests',
  illegalMove: (from: string | null, to: string | null) =>
    `A line cannot move from ${from ?? 'not confirmed'} to ${to ?? 'not confirmed'}`,
} as const;
