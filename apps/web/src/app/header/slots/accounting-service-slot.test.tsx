import { canAccess } from '@app/shared/auth/access';
import type { Role } from '@app/shared/auth/roles';
import { XERO_ACCESS } from '@app/shared/xero/xero.access';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAccountingService } from '../../../features/accounting-service/components/use-accounting-service.ts';
import { fakeApi, json } from '../../../test/fake-api.ts';
import { renderPage } from '../../../test/render.tsx';
import { AccountingServiceSlot } from './accounting-service-slot.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

// as the header does: the menu is there for whoever passes XERO_ACCESS
function Host({ role }: { role: Role }) {
  const who = { role, type: role === 'Admin' ? 'admin' : 'user', permissions: [] };
  return <AccountingServiceSlot service={useAccountingService(canAccess(who, XERO_ACCESS))} />;
}

describe('the accounting-service slot', () => {
  it.each([
    ['Admin', true],
    ['Accountant', true],
    ['FO', false],
    ['BO', false],
  ] as [Role, boolean][])('for %s: shown %s, and isauth asked only then', async (role, shown) => {
    const api = fakeApi({
      'GET /api/v1/xero/isauth/': () =>
        json(200, { data: { configured: true, authorized: false, connection: null, run: null } }),
    });
    renderPage(<Host role={role} />, {
      user: { role, type: role === 'Admin' ? 'admin' : 'user' },
    });
    if (shown) {
      expect(await screen.findByTestId('accounting-service-button')).toBeInTheDocument();
      await waitFor(() => expect(api.callsTo('GET /api/v1/xero/isauth/')).toHaveLength(1));
    } else {
      expect(screen.queryByTestId('accounting-service-button')).not.toBeInTheDocument();
      expect(api.calls).toEqual([]);
    }
  });
});
