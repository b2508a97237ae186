import type { ImportArea, ImportPreview } from '@app/shared/directory/index';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http/http-client.ts';

/** POST /{area}/import/preview/ (multipart `file`): the file's columns, first rows and a suggested mapping. */
export async function previewImport(area: ImportArea, file: File): Promise<ImportPreview> {
  const body = new FormData();
  body.append('file', file);
  const answer = await http.post<{ data: ImportPreview }>(`${area}/import/preview/`, body);
  return answer.data;
}

export function usePreviewImport(area: ImportArea) {
  return useMutation({ mutationFn: (file: File) => previewImport(area, file) });
}
