import {
  DIRECTORY_ACCESS,
  directoryListEnvelope,
  ManagerItemSchema,
  ManagerListQuerySchema,
  ManagerPickerQuerySchema,
  ManagerSchema,
} from '@app/shared';
import { z } from 'zod';
import type { App } from '../../platform/types.ts';
import type { ManagersService } from './managers.service.ts';

const tags = ['directory: managers'];

export async function managersRoutes(app: App, { managers }: { managers: ManagersService }) {
  app.get(
    '/managers/',
    {
      config: { access: DIRECTORY_ACCESS.managers },
      schema: {
        tags,
        querystring: ManagerListQuerySchema,
        response: { 200: directoryListEnvelope(z.union([ManagerSchema, ManagerItemSchema])) },
      },
    },
    async (request) => managers.list(request.query),
  );

  // Every role fills in FO/BO manager fields, while the Managers screen is Admin's: a picker of its own.
  // `with_admins=true` lists Admins too (a request takes an Admin as its FO or BO manager).
  app.get(
    '/managers/picker/',
    {
      config: { access: DIRECTORY_ACCESS.managerPicker },
      schema: {
        tags,
        querystring: ManagerPickerQuerySchema,
        response: { 200: directoryListEnvelope(ManagerItemSchema) },
      },
    },
    async (request) => managers.picker(request.query),
  );
}
