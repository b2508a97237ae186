import { AUTHENTICATED, envelope, GlobalSearchQuerySchema, GlobalSearchResultSchema } from '@app/shared';
import type { App } from '../../platform/types.ts';
import type { SearchService } from './search.service.ts';

export async function searchRoutes(app: App, { search }: { search: SearchService }) {
  app.get(
    '/search/',
    {
      config: { access: AUTHENTICATED },
      schema: {
        tags: ['search'],
        querystring: GlobalSearchQuerySchema,
        response: { 200: envelope(GlobalSearchResultSchema) },
      },
    },
    async (request) => ({ data: await search.search(request.query) }),
  );
}
