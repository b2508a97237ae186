/** Query keys of the Accountant's workspace. */
export const workspaceKeys = {
  all: ['workspace'] as const,
};
