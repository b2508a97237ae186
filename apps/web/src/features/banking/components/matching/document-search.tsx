import { isReceiveType, type Transaction } from '@app/shared/banking/transactions.schemas';
import { Loader, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { TextInput } from '../../../../ui/text-input/text-input.tsx';
import type { OpenDocumentsParams } from '../../api/matching/matching-keys.ts';
import type { OpenDocument } from '../../api/matching/open-document.ts';
import { useOpenDocuments } from '../../api/matching/use-open-documents.ts';
import { DocumentTable, documentKey } from './document-table.tsx';

const SEARCH_DEBOUNCE_MS = 400;

/**
 * For when the right document is not suggested: the company's open documents of the line's
 * direction (money in: client invoices; money out: bills and vouchers), by number or counterparty.
 */
export function DocumentSearch({
  transaction,
  credit,
  chosen,
  onChoose,
}: {
  transaction: Transaction;
  credit: boolean;
  chosen: string | null;
  onChoose: (document: OpenDocument) => void;
}) {
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const receive = isReceiveType(transaction.type);
  const params: OpenDocumentsParams = {
    direction: receive ? 'receive' : 'spend',
    search,
    company: transaction.bank.company.id,
    supplier: transaction.counterparty?.kind === 'supplier' ? transaction.counterparty.id : undefined,
  };
  const documents = useOpenDocuments(search ? params : null);
  const rows = (documents.data ?? []).map((document) => ({ document, key: documentKey(document) }));
  return (
    <Stack gap="xs" component="section" aria-label="Find a document">
      <Title order={3} size="h5">
        Find a document
      </Title>
      <TextInput
        type="search"
        label={receive ? 'Open client invoice' : 'Open bill or voucher'}
        placeholder={receive ? 'Invoice number or client' : 'Bill number, request number or supplier'}
        value={text}
        onChange={setText}
        rightSection={documents.isFetching ? <Loader size="xs" aria-label="Searching" /> : null}
      />
      {search && documents.data ? (
        rows.length > 0 ? (
          <DocumentTable
            label="Found documents"
            rows={rows}
            credit={credit}
            chosen={chosen}
            onChoose={(row) => onChoose(row.document)}
          />
        ) : (
          <Text size="sm" c="dimmed">
            No open document of {transaction.bank.company.code} matches “{search}”.
          </Text>
        )
      ) : null}
    </Stack>
  );
}
