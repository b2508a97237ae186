/** Business-rule messages of the tasks area (section 5 has none for them). */
export const TASK_MESSAGES = {
  inactiveAssignee: 'This user is inactive; choose another',
  /** Tasks are for Admin, Frontend and Backend (spec section 6). */
  assigneeRole: 'Choose an Admin, Frontend or Backend user',
  oneLink: 'Link the task to a request or to a client, not both',
  archivedClient: 'This client is archived; choose another',
  /** A status change the rules do not allow this person: `illegalMove(from, to, why)`. */
  illegalMove: (from: string, to: string, why: string) => `A task cannot move from ${from} to ${to}: ${why}`,
  why: {
    leaveControl: 'only its author accepts or returns a task in Control',
    controlTargets: 'a task in Control is accepted (Completed) or returned (In progress)',
    toControl: 'only its assignee hands it over to Control',
    toCompleted: 'only its author completes it; the assignee hands it over to Control',
    reopen: 'only its author reopens a completed task',
    reopenTarget: 'a completed task is reopened to In progress',
    notInvolved: 'only its author, its assignee or an Admin moves it',
  },
  onlyAuthorEdits:
    "Only the task's author or an Admin can change its details; its assignee changes its status",
  onlyAuthorDeletes: "Only the task's author or an Admin can delete it",
  allScopeAdminOnly: 'Only an Admin can list every task',
  onlyAdminChangesAuthor: 'Only an Admin can change the author of a task',
  /** The author is changed only to unstrand a task whose author has left (their check is theirs). */
  authorStillActive: 'The author can be changed only once they are deactivated',
} as const;
