import {
  type Access,
  BankExportQuerySchema,
  ClientExportQuerySchema,
  CompanyExportQuerySchema,
  DIRECTORY_ACCESS,
  type ExportFormat,
  ManagerExportQuerySchema,
  ServiceExportQuerySchema,
  SupplierExportQuerySchema,
} from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { CONTENT_TYPES, type ExportTable, openExportStream } from '../../platform/export-writers.ts';
import type { App } from '../../platform/types.ts';
import type { ExportService } from './export.service.ts';

interface ExportRoute<Q extends z.ZodType<{ format: ExportFormat }>> {
  area: keyof ExportService;
  access: Access;
  query: Q;
  table: (q: z.output<Q>) => ExportTable;
}

const route = <Q extends z.ZodType<{ format: ExportFormat }>>(r: ExportRoute<Q>) =>
  r as unknown as ExportRoute<z.ZodType<{ format: ExportFormat }>>;

/** `GET /<area>/export/?format=csv|xlsx&<the list's filters>`: a file download of the filtered list. */
export async function exportRoutes(app: App, { exports }: { exports: ExportService }) {
  const api = app as unknown as FastifyInstance;
  const routes = [
    route({
      area: 'clients',
      access: DIRECTORY_ACCESS.read,
      query: ClientExportQuerySchema,
      table: exports.clients,
    }),
    route({
      area: 'suppliers',
      access: DIRECTORY_ACCESS.read,
      query: SupplierExportQuerySchema,
      table: exports.suppliers,
    }),
    route({
      area: 'managers',
      access: DIRECTORY_ACCESS.managers,
      query: ManagerExportQuerySchema,
      table: exports.managers,
    }),
    route({
      area: 'services',
      access: DIRECTORY_ACCESS.read,
      query: ServiceExportQuerySchema,
      table: exports.services,
    }),
    route({
      area: 'banks',
      access: DIRECTORY_ACCESS.read,
      query: BankExportQuerySchema,
      table: exports.banks,
    }),
    route({
      area: 'companies',
      access: DIRECTORY_ACCESS.read,
      query: CompanyExportQuerySchema,
      table: exports.companies,
    }),
  ];
  for (const r of routes) {
    api.get(
      `/${r.area}/export/`,
      {
        config: { access: r.access },
        schema: {
          tags: [`directory: ${r.area}`],
          querystring: r.query,
          produces: [CONTENT_TYPES.csv, CONTENT_TYPES.xlsx],
        },
      },
      async (request, reply) => {
        const query = request.query as { format: ExportFormat };
        // Awaited before any header: a failing first query is a 500 in the error envelope, not a
        // 200 with a header row and a cut connection.
        const stream = await openExportStream(r.table(query), query.format, (err) =>
          request.log.error({ err, area: r.area }, 'export failed'),
        );
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .header('Content-Type', CONTENT_TYPES[query.format])
          .header('Content-Disposition', `attachment; filename="${r.area}-${day}.${query.format}"`)
          .header('Cache-Control', 'no-store')
          .send(stream);
      },
    );
  }
}
