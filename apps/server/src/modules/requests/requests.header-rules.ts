import { MESSAGES, REQUEST_MESSAGES, type RequestKind } from '@app/shared';
import type { Executor } from '../../db/client.ts';
import { AppError, type FieldErrors } from '../../platform/errors.ts';
import { BLACKLISTED } from './requests.errors.ts';
import { type RequestRow, requestsRepository as repo } from './requests.repository.ts';

const isAdminUser = (u: { role: string; type: string }) => u.role === 'Admin' || u.type === 'admin';

/** A manager must be an active user of the role (or an Admin). */
async function checkManager(ex: Executor, id: number, role: 'FO' | 'BO'): Promise<string | null> {
  const user = await repo.user(ex, id);
  if (!user) return MESSAGES.invalidValue;
  if (!user.is_active) return REQUEST_MESSAGES.inactiveManager;
  if (user.role !== role && !isAdminUser(user)) return REQUEST_MESSAGES.managerRole(role);
  return null;
}

/**
 * The header's references: existing, not archived, managers of the right role, and a client
 * that is not blacklisted. Only what changes is checked on an update.
 */
export async function checkHeader(
  ex: Executor,
  kind: RequestKind,
  h: {
    company_id?: number | undefined;
    client_id?: number | undefined;
    fo_manager_id?: number | null | undefined;
    bo_manager_id?: number | null | undefined;
    region_id?: number | undefined;
  },
  current: RequestRow | null,
) {
  const errors: FieldErrors = {};
  let company: Awaited<ReturnType<typeof repo.company>> = null;
  let blacklisted = false;
  if (h.company_id !== undefined) {
    company = await repo.company(ex, h.company_id);
    if (!company) errors.company_id = [MESSAGES.invalidValue];
    else if (company.archived_at) errors.company_id = [REQUEST_MESSAGES.archivedRecord];
  }
  if (h.client_id !== undefined && h.client_id !== current?.client_id) {
    const client = await repo.client(ex, h.client_id);
    if (!client) errors.client_id = [MESSAGES.invalidValue];
    else if (client.archived_at) errors.client_id = [REQUEST_MESSAGES.archivedRecord];
    else blacklisted = client.rating === 'Blacklisted';
  }
  const fo = h.fo_manager_id === undefined ? current?.fo_manager_id : h.fo_manager_id;
  if (kind === 'service' && (fo === null || fo === undefined)) errors.fo_manager_id = [MESSAGES.required];
  if (h.fo_manager_id != null && h.fo_manager_id !== current?.fo_manager_id) {
    const problem = await checkManager(ex, h.fo_manager_id, 'FO');
    if (problem) errors.fo_manager_id = [problem];
  }
  if (h.bo_manager_id != null && h.bo_manager_id !== current?.bo_manager_id) {
    const problem = await checkManager(ex, h.bo_manager_id, 'BO');
    if (problem) errors.bo_manager_id = [problem];
  }
  if (h.region_id !== undefined && h.region_id !== current?.region_id) {
    if (!(await repo.regionExists(ex, h.region_id))) errors.region_id = [MESSAGES.invalidValue];
  }
  if (Object.keys(errors).length) throw AppError.fields(errors);
  if (blacklisted) throw BLACKLISTED();
  return { company };
}
