import type { CardListQuery } from '@app/shared/accounting/cards.schemas';

/** What the bank cards list asks `GET bank-cards/` for (`archived=only`: the deleted cards). */
export type CardListParams = Omit<Partial<CardListQuery>, 'archived'> & { archived?: 'only' };

/** Query keys of bank cards; everything lives under `['bank-cards']`. */
export const cardsKeys = {
  all: ['bank-cards'] as const,
  list: (params: CardListParams) => ['bank-cards', 'list', params] as const,
};
