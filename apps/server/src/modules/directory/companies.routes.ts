import {
  CompanyItemSchema,
  CompanyListQuerySchema,
  CompanySchema,
  CreateCompanyBodySchema,
  DIRECTORY_ACCESS,
  UpdateCompanyBodySchema,
} from '@app/shared';
import type { App } from '../../platform/types.ts';
import { areaRoutes } from './area.routes.ts';
import type { CompaniesService } from './companies.service.ts';

export async function companiesRoutes(app: App, { companies }: { companies: CompaniesService }) {
  areaRoutes(app, {
    path: '/companies/',
    tags: ['directory: companies'],
    read: DIRECTORY_ACCESS.read,
    write: DIRECTORY_ACCESS.writeCompanies,
    schemas: {
      query: CompanyListQuerySchema,
      record: CompanySchema,
      item: CompanyItemSchema,
      create: CreateCompanyBodySchema,
      update: UpdateCompanyBodySchema,
    },
    service: companies,
  });
}
