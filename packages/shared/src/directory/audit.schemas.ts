import { z } from 'zod';
import { MAX_LIMIT } from '../api/envelope.ts';
import { queryIdField, queryIntField } from '../validation/fields.schemas.ts';
import { MESSAGES } from '../validation/messages.ts';
import { StaffRefSchema } from './common.schemas.ts';

/** What happened to a record (`send`: a document emailed, decision 0010). */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'archive',
  'unarchive',
  'import',
  'delete',
  'send',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Entity names the directory records under. */
export const DIRECTORY_AUDIT_ENTITIES = ['client', 'supplier', 'service', 'bank', 'company'] as const;

/** One recorded change: who, when, and each changed field as [before, after]. */
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  entity: z.string(),
  entity_id: z.number().int(),
  action: z.enum(AUDIT_ACTIONS),
  user: StaffRefSchema.nullable(),
  at: z.string(),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** `GET /audit/?entity=client&entity_id=5`: newest first. */
export const AuditQuerySchema = z.object({
  entity: z.string({ error: () => MESSAGES.required }).regex(/^[a-z_]{1,40}$/, MESSAGES.invalidValue),
  entity_id: queryIdField(),
  limit: queryIntField(1, MAX_LIMIT).default(50),
  offset: queryIntField(0, 10_000_000).default(0),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;
