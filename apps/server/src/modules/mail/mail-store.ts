import type { Tx } from '../../db/client.ts';
import type { BlobStore } from '../../platform/blob-store.ts';

/**
 * A message parsed and its attachments written to the blob store, ready to insert: the slow part
 * (parsing, hashing, disk) happens outside any transaction, so a batch's transaction stays short.
 * OWNED BY the ingest helper (issue 14); the signatures below are the contract others code against.
 */
export interface PreparedMessage {
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  fromName: string;
  fromAddress: string;
  to: { name: string; address: string }[];
  cc: { name: string; address: string }[];
  subject: string;
  date: Date;
  text: string;
  html: string | null;
  snippet: string;
  size: number;
  attachments: {
    position: number;
    filename: string;
    contentType: string;
    size: number;
    /** Null when over the bound: recorded by name and size only. */
    contentHash: string | null;
    contentId: string | null;
  }[];
}

/** Parses an RFC 822 source (broken MIME too: kept as text with the raw source attached). */
export async function prepareMessage(_source: Buffer, _blobs: BlobStore): Promise<PreparedMessage> {
  throw new Error('not built yet');
}

export interface StoreTarget {
  mailboxId: number;
  direction: 'in' | 'out';
}
export interface StoreItem {
  message: PreparedMessage;
  folderId: number | null;
  uidvalidity: number | null;
  uid: number | null;
  /** Read already (sent by us, or \Seen on the server at first sync). */
  seen?: boolean;
  /** Links chosen by the sender (compose from a client or request page); otherwise found. */
  clientId?: number | null;
  requestId?: number | null;
}

/**
 * Inserts the messages not stored yet (`on conflict do nothing` on both unique keys), links them
 * (client by address, request by number in the subject) and raises NewEmail for the incoming ones
 * that got linked, all in `tx`. Answers the ids of the rows it inserted, in the items' order
 * (null where the message was already there).
 */
export async function storeMessages(
  _tx: Tx,
  _target: StoreTarget,
  _items: readonly StoreItem[],
): Promise<(number | null)[]> {
  throw new Error('not built yet');
}
