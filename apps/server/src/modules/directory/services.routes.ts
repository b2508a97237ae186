import {
  CreateServiceBodySchema,
  DIRECTORY_ACCESS,
  DirectoryServiceItemSchema,
  DirectoryServiceSchema,
  ServiceListQuerySchema,
  UpdateServiceBodySchema,
} from '@app/shared';
import type { App } from '../../platform/types.ts';
import { areaRoutes } from './area.routes.ts';
import type { ServicesService } from './services.service.ts';

export async function servicesRoutes(app: App, { services }: { services: ServicesService }) {
  areaRoutes(app, {
    path: '/services/',
    tags: ['directory: services'],
    read: DIRECTORY_ACCESS.read,
    write: DIRECTORY_ACCESS.writeServicesBanks,
    schemas: {
      query: ServiceListQuerySchema,
      record: DirectoryServiceSchema,
      item: DirectoryServiceItemSchema,
      create: CreateServiceBodySchema,
      update: UpdateServiceBodySchema,
    },
    service: services,
  });
}
