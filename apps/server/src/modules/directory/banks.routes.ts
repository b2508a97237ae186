import {
  BankItemSchema,
  BankListQuerySchema,
  BankSchema,
  CreateBankBodySchema,
  DIRECTORY_ACCESS,
  UpdateBankBodySchema,
} from '@app/shared';
import type { App } from '../../platform/types.ts';
import { areaRoutes } from './area.routes.ts';
import type { BanksService } from './banks.service.ts';

export async function banksRoutes(app: App, { banks }: { banks: BanksService }) {
  areaRoutes(app, {
    path: '/banks/',
    tags: ['directory: banks'],
    read: DIRECTORY_ACCESS.read,
    write: DIRECTORY_ACCESS.writeServicesBanks,
    schemas: {
      query: BankListQuerySchema,
      record: BankSchema,
      item: BankItemSchema,
      create: CreateBankBodySchema,
      update: UpdateBankBodySchema,
    },
    service: banks,
  });
}
