import path from 'node:path';
import { createBlobStore } from '../../platform/blob-store.ts';
import type { Core } from '../../platform/core.ts';
import type { ServerModule } from '../../platform/module.ts';
import { createSecretBox, loadSecretKey } from '../../platform/secret-box.ts';
import type { App } from '../../platform/types.ts';
import type { MailDeps } from './mail.deps.ts';
import { mailRoutes } from './mail.routes.ts';
import { seedMail } from './mail.seed.ts';
import { registerMailSync } from './mail-sync.job.ts';

/** The mail agent (decision 0014): a shared mailbox per office, synced over IMAP, sent through SMTP. */
async function registerMailModule(app: App, core: Core): Promise<void> {
  const deps: MailDeps = {
    db: core.db,
    config: core.config,
    secrets: createSecretBox(loadSecretKey(core.config.mailSecretKey, core.config.dataDir)),
    blobs: createBlobStore(path.join(core.config.dataDir, 'blobs')),
    jobs: core.jobs,
  };
  await mailRoutes(app, deps);
  registerMailSync(app, deps);
}

export const mailModule: ServerModule = { name: 'mail', register: registerMailModule, seed: seedMail };
