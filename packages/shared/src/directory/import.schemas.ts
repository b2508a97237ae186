import { z } from 'zod';

/**
 * Importing clients or suppliers from CSV or XLSX (docs/directory.md): upload the file to
 * `.../import/preview/` to see its columns and a suggested mapping, then send the same file with
 * the chosen mapping to `.../import/`, which answers the report.
 */

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
export const IMPORT_PREVIEW_ROWS = 10;
export const IMPORT_AREAS = ['clients', 'suppliers'] as const;
export type ImportArea = (typeof IMPORT_AREAS)[number];

/** A target field of the import and whether a row needs it. */
export const ImportFieldSchema = z.object({ name: z.string(), label: z.string(), required: z.boolean() });
export type ImportField = z.infer<typeof ImportFieldSchema>;

/** Target field → column header of the file (null or absent: not imported). */
export const ImportMappingSchema = z.record(z.string().max(60), z.string().max(200).nullable());
export type ImportMapping = z.infer<typeof ImportMappingSchema>;

export const ImportPreviewSchema = z.object({
  file_name: z.string(),
  format: z.enum(['csv', 'xlsx']),
  /** Header cells of the first row, in file order. */
  columns: z.array(z.string()),
  /** Data rows in the file (header excluded). */
  total_rows: z.number().int(),
  /** The first rows, each aligned with `columns`. */
  rows: z.array(z.array(z.string())),
  fields: z.array(ImportFieldSchema),
  suggested_mapping: z.record(z.string(), z.string().nullable()),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

/** Row numbers are the file's line numbers: the header is row 1, the first record row 2. */
export const ImportReportSchema = z.object({
  total_rows: z.number().int(),
  imported: z.number().int(),
  skipped_duplicates: z.array(z.object({ row: z.number().int(), reason: z.string() })),
  refused: z.array(z.object({ row: z.number().int(), errors: z.record(z.string(), z.array(z.string())) })),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;
