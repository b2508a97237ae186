import type { ServerModule } from '../../platform/module.ts';

/** Chat (issue 13): channels, members, messages, read markers and typing. */
export const chatModule: ServerModule = { name: 'chat', register: async () => {} };
