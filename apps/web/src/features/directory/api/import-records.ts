import type { ImportArea, ImportMapping, ImportReport } from '@app/shared/directory/index';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';
import { directoryKeys } from './directory-areas.ts';

/**
 * POST /{area}/import/ (multipart `file` and `mapping` as JSON): imports the rows, skips the
 * duplicates, refuses invalid rows, and answers the report.
 */
export async function importRecords(
  area: ImportArea,
  file: File,
  mapping: ImportMapping,
): Promise<ImportReport> {
  const body = new FormData();
  body.append('mapping', JSON.stringify(mapping));
  // the file goes last so the server can read the mapping before streaming the file
  body.append('file', file);
  const answer = await http.post<{ data: ImportReport }>(`${area}/import/`, body);
  return answer.data;
}

export function useImportRecords(area: ImportArea) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, mapping }: { file: File; mapping: ImportMapping }) =>
      importRecords(area, file, mapping),
    onSuccess: () => client.invalidateQueries({ queryKey: directoryKeys.area(area) }),
  });
}
