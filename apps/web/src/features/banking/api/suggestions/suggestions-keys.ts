/** Query keys of the ranked suggestions; every allocation changes what is open, so all go stale together. */
export const suggestionsKeys = {
  all: ['suggestions'] as const,
  forTransaction: (id: number) => ['suggestions', id] as const,
};
