/** What the bank cards list asks `GET bank-cards/` for. */
export type CardListParams = {
  limit?: number;
  offset?: number;
  search?: string;
  company?: number;
  bank?: number;
};

/** Query keys of bank cards; everything lives under `['bank-cards']`. */
export const cardsKeys = {
  all: ['bank-cards'] as const,
  list: (params: CardListParams) => ['bank-cards', 'list', params] as const,
};
