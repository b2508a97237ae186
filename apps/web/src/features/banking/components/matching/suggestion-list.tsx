import type { Suggestion } from '@app/shared/banking/allocations.schemas';
import { Group, Loader, Stack, Text, Title } from '@mantine/core';
import { suggestionDocument } from './allocation-values.ts';
import { type DocumentRow, DocumentTable, documentKey } from './document-table.tsx';

/** The score in words: a number in the bank text alone (50) is already strong. */
export function matchStrength(score: number): { label: string; color: string } {
  if (score >= 50) return { label: 'Strong match', color: 'teal' };
  if (score >= 30) return { label: 'Likely match', color: 'blue' };
  return { label: 'Possible match', color: 'gray' };
}

function SuggestionNote({ suggestion }: { suggestion: Suggestion }) {
  const strength = matchStrength(suggestion.score);
  return (
    <Text size="xs" c="dimmed" data-testid="suggestion-reason" title={`Score ${suggestion.score}`}>
      <Text span size="xs" fw={700} c={`${strength.color}.8`}>
        {strength.label}
      </Text>{' '}
      · {suggestion.reason}
    </Text>
  );
}

/** Open documents ranked by the server, best first, each saying why it is suggested. */
export function SuggestionList({
  suggestions,
  loading,
  failed = false,
  credit,
  chosen,
  onChoose,
}: {
  suggestions: readonly Suggestion[] | undefined;
  loading: boolean;
  /** The suggestions could not be loaded (the search below still works). */
  failed?: boolean;
  credit: boolean;
  chosen: string | null;
  onChoose: (suggestion: Suggestion) => void;
}) {
  const rows: (DocumentRow & { suggestion: Suggestion })[] = (suggestions ?? []).map((s) => {
    const document = suggestionDocument(s);
    return { document, key: documentKey(document), note: <SuggestionNote suggestion={s} />, suggestion: s };
  });
  return (
    <Stack gap="xs" component="section" aria-label="Suggestions">
      <Group gap="xs">
        <Title order={3} size="h5">
          Suggestions
        </Title>
        {loading ? <Loader size="xs" aria-label="Loading suggestions" /> : null}
      </Group>
      {rows.length > 0 ? (
        <DocumentTable
          label="Suggested documents"
          rows={rows}
          credit={credit}
          chosen={chosen}
          onChoose={(row) => onChoose((row as (typeof rows)[number]).suggestion)}
        />
      ) : loading ? null : failed ? (
        <Text size="sm" c="dimmed" role="alert">
          The suggestions could not be loaded: find the document below.
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          Nothing suggested: find the document below.
        </Text>
      )}
    </Stack>
  );
}
