import { MESSAGES } from '@app/shared';
import type { Db } from '../../db/client.ts';
import { AppError, isUniqueViolation } from '../../platform/errors.ts';
import { recordChange } from '../audit/audit.service.ts';
import { clientSearchColumns, clientSnapshot, toClient } from './clients.mappers.ts';
import { type ClientRow, clientsRepository } from './clients.repository.ts';
import { CLIENT_ENTITY } from './clients.service.ts';
import { supplierSearchColumns, supplierSnapshot, toSupplier } from './suppliers.mappers.ts';
import { type SupplierRow, suppliersRepository } from './suppliers.repository.ts';
import { SUPPLIER_ENTITY } from './suppliers.service.ts';

/** Contact details another system holds for a client or supplier (the fields given are set). */
export interface ContactDetails {
  email?: string | null;
  phone?: string | null;
  address?: string | null;
  city?: string | null;
  country?: string | null;
}

/**
 * Sets a client's or supplier's contact details as another system has them (the Xero sync's
 * pull), in one transaction with an audit line by no user whose `source` says where they came
 * from. Answers false when the record is gone. A client's email taken by another client is a
 * field error, as in the editor.
 */
export async function applyContactDetails(
  db: Db,
  kind: 'client' | 'supplier',
  id: number,
  details: ContactDetails,
  source: string,
): Promise<boolean> {
  const fields = {
    ...details,
    ...(kind === 'client' && details.email && { email: details.email.toLowerCase() }),
  };
  try {
    return await db.transaction(async (tx) => {
      if (kind === 'client') {
        const current = await clientsRepository.findForUpdate(tx, id);
        if (!current) return false;
        const before = toClient((await clientsRepository.findById(tx, id))!);
        const merged = { ...current, ...fields } as ClientRow;
        await clientsRepository.updateVersioned(tx, id, current.version, {
          ...fields,
          ...clientSearchColumns(merged),
        });
        const after = toClient((await clientsRepository.findById(tx, id))!);
        await recordChange(tx, null, CLIENT_ENTITY, id, clientSnapshot(before), {
          ...clientSnapshot(after),
          source,
        });
        return true;
      }
      const current = await suppliersRepository.findForUpdate(tx, id);
      if (!current) return false;
      const before = toSupplier((await suppliersRepository.findById(tx, id))!);
      const merged = { ...current, ...fields } as SupplierRow;
      await suppliersRepository.updateVersioned(tx, id, current.version, {
        ...fields,
        ...supplierSearchColumns(merged),
      });
      const after = toSupplier((await suppliersRepository.findById(tx, id))!);
      await recordChange(tx, null, SUPPLIER_ENTITY, id, supplierSnapshot(before), {
        ...supplierSnapshot(after),
        source,
      });
      return true;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'clients_email_key')) throw AppError.fields({ email: [MESSAGES.unique] });
    throw error;
  }
}
