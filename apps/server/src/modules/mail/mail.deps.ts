import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { SecretBox } from '../../platform/secret-box.ts';

/** What the mail module's parts are built from (`index.ts` makes one). */
export interface MailDeps {
  db: Db;
  config: Config;
  /** Mailbox passwords. */
  secrets: SecretBox;
  /** Attachments, shared with documents (content-addressed). */
  blobs: BlobStore;
  jobs: Jobs;
}
