import { ACCOUNTING_ACCESS, envelope, WorkspaceSchema } from '@app/shared';
import type { Core } from '../../platform/core.ts';
import type { App } from '../../platform/types.ts';
import { createWorkspaceService } from './workspace.service.ts';

/** `GET accounting/workspace/`: the Accountant's counts (decision 0011, "Workspace"). */
export async function workspaceRoutes(app: App, core: Core): Promise<void> {
  const workspace = createWorkspaceService({ db: core.db });

  app.get(
    '/accounting/workspace/',
    {
      config: { access: ACCOUNTING_ACCESS },
      schema: { tags: ['accounting-workspace'], response: { 200: envelope(WorkspaceSchema) } },
    },
    async () => ({ data: await workspace.get() }),
  );
}
