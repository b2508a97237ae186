import { searchVector } from '../../platform/full-text-search.ts';
import { referenceWords } from './reference-words.ts';

/**
 * The derived search columns of a bank line, written on every insert and on any change of its
 * reference, counterparty or amount (hand entry and statement import alike): the reference's
 * document numbers for suggestions, and a tsvector of the text, the counterparty's name, the
 * amount (`1200.00` and `1200`) and the numbers whole (lower case) for the list's search.
 */
export function transactionSearchColumns(t: {
  reference: string | null | undefined;
  counterpartyName: string | null | undefined;
  amount: string;
}): { reference_words: string[]; search_vector: string } {
  const reference_words = referenceWords(t.reference);
  const whole = t.amount.replace(/\.0+$/, '');
  return {
    reference_words,
    search_vector: searchVector(
      [t.reference, t.counterpartyName],
      [t.amount, whole, ...reference_words.map((w) => w.toLowerCase())],
    ),
  };
}
