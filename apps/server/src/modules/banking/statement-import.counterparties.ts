import type { TransactionCounterparty } from '@app/shared';
import type { Executor } from '../../db/client.ts';
import { sortKey } from '../../platform/full-text-search.ts';
import { statementImportRepository as repo } from './statement-import.repository.ts';

interface Candidate {
  id: number;
  name: string;
  archived: boolean;
}
export interface NameMatches {
  client: TransactionCounterparty | null;
  supplier: TransactionCounterparty | null;
}

/** 'John Paul Smith' may be stored as last 'Smith', first 'John Paul': each rotation of the words. */
function rotations(key: string): string[] {
  const words = key.split(' ').slice(0, 8);
  return words.map((_, i) => [...words.slice(i), ...words.slice(0, i)].join(' '));
}

/** The one live record of the name (else the one archived); two of them are not a match. */
function single(candidates: Candidate[] | undefined): Candidate | null {
  if (!candidates?.length) return null;
  const live = candidates.filter((c) => !c.archived);
  const pool = live.length ? live : candidates;
  return pool.length === 1 ? pool[0]! : null;
}

function push(map: Map<string, Candidate[]>, key: string, c: Candidate) {
  const list = map.get(key) ?? [];
  if (!list.some((x) => x.id === c.id)) list.push(c);
  map.set(key, list);
}

/**
 * Clients ("first last" or "last first") and suppliers whose folded name is exactly one of these
 * names, by the folded name (`sortKey`). No fuzzy matching: the rest stay for the accountant.
 */
export async function matchNames(ex: Executor, names: Iterable<string>): Promise<Map<string, NameMatches>> {
  const keys = [...new Set([...names].map((n) => sortKey(n)).filter(Boolean))];
  const result = new Map<string, NameMatches>();
  if (!keys.length) return result;
  const clientRows = await repo.clientsBySortName(ex, [...new Set(keys.flatMap(rotations))]);
  const supplierRows = await repo.suppliersByNameKey(ex, keys);
  const clientsByKey = new Map<string, Candidate[]>();
  for (const c of clientRows) {
    const candidate = {
      id: c.id,
      name: `${c.first_name} ${c.last_name}`.trim(),
      archived: c.archived_at !== null,
    };
    push(clientsByKey, sortKey(c.first_name, c.last_name), candidate);
    push(clientsByKey, sortKey(c.last_name, c.first_name), candidate);
  }
  const suppliersByKey = new Map<string, Candidate[]>();
  for (const s of supplierRows)
    push(suppliersByKey, s.name_key, { id: s.id, name: s.name, archived: s.archived_at !== null });
  for (const key of keys) {
    const client = single(clientsByKey.get(key));
    const supplier = single(suppliersByKey.get(key.slice(0, 200)));
    result.set(key, {
      client: client && { kind: 'client', id: client.id, name: client.name },
      supplier: supplier && { kind: 'supplier', id: supplier.id, name: supplier.name },
    });
  }
  return result;
}

/** Money in is looked for among clients first, money out among suppliers first. */
export function counterpartyOf(
  matches: Map<string, NameMatches>,
  name: string | null,
  type: 'RECEIVE' | 'SPEND',
): TransactionCounterparty | null {
  if (!name) return null;
  const m = matches.get(sortKey(name));
  if (!m) return null;
  return type === 'RECEIVE' ? (m.client ?? m.supplier) : (m.supplier ?? m.client);
}
