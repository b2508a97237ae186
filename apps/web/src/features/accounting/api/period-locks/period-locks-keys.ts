/** Query keys of closed months; everything lives under `['period-locks']`. */
export const periodLocksKeys = {
  all: ['period-locks'] as const,
  lists: ['period-locks', 'list'] as const,
  list: (company: number | null) => ['period-locks', 'list', company] as const,
  companies: ['period-locks', 'companies'] as const,
};
