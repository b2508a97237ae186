/** Query keys of statement imports; a running import's progress is polled under its id. */
export const statementImportKeys = {
  all: ['statement-imports'] as const,
  detail: (id: number) => ['statement-imports', id] as const,
};
