import { XERO_SYNC_SUCCESS } from '@app/shared/xero/xero.messages';
import type { XeroStatus, XeroSyncKind, XeroSyncRun } from '@app/shared/xero/xero.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useXeroStatus } from '../../../lib/xero/get-xero-status.ts';
import { openXeroConsent } from '../../../lib/xero/open-consent.ts';
import { xeroKeys } from '../../../lib/xero/xero-keys.ts';
import { rememberXeroReturnPath } from '../../../lib/xero/xero-return-path.ts';
import { failedText, isRunActive } from '../../../lib/xero/xero-text.ts';
import { toast } from '../../../ui/toasts/toast-store.ts';
import { getXeroAuthUrl } from '../api/xero-connection.ts';
import { startXeroSync, useXeroRun } from '../api/xero-sync.ts';

export type AccountingServiceDialog = 'settings' | 'disconnect' | 'failures';

/** Everything the header's accounting-service menu shows and does, held once for the header. */
export interface AccountingService {
  /** Admin and Accountant only (XERO_ACCESS); for anyone else the menu is not there. */
  enabled: boolean;
  status: XeroStatus | undefined;
  loading: boolean;
  /** The server could not say where the connection stands. */
  failed: boolean;
  refresh: () => void;
  /** The run under way (started here, or found by isauth), with its latest progress. */
  run: XeroSyncRun | null;
  /** The last run seen to end here with failures, for "See what failed". */
  failedRun: XeroSyncRun | null;
  connecting: boolean;
  connect: () => void;
  /** The kind of sync being asked to start. */
  starting: XeroSyncKind | null;
  sync: (kind: XeroSyncKind) => void;
  dialog: AccountingServiceDialog | null;
  openDialog: (dialog: AccountingServiceDialog) => void;
  closeDialog: () => void;
}

/**
 * The state behind the menu (spec 4): the connection's status, Connect (asks the server for the
 * consent URL, then the browser opens it), the syncs and their progress, polled while they run,
 * and the toast when one ends: 'Xero sync success;' as the run says it, or how many failed.
 */
export function useAccountingService(enabled: boolean): AccountingService {
  const client = useQueryClient();
  const location = useLocation();
  const statusQuery = useXeroStatus({ enabled });
  const status = statusQuery.data;
  const [tracked, setTracked] = useState<number | null>(null);
  const [failedRun, setFailedRun] = useState<XeroSyncRun | null>(null);
  const [dialog, setDialog] = useState<AccountingServiceDialog | null>(null);
  const announced = useRef(new Set<number>());

  const found = status?.run && isRunActive(status.run) ? status.run : null;
  const activeId = tracked ?? found?.id ?? null;
  const runQuery = useXeroRun(activeId);
  const run = runQuery.data ?? (found && found.id === activeId ? found : null);

  useEffect(() => {
    if (!run || isRunActive(run) || announced.current.has(run.id)) return;
    announced.current.add(run.id);
    announce(run, () => {
      setFailedRun(run);
      setDialog('failures');
    });
    if (run.status === 'done' && run.failed > 0) setFailedRun(run);
    setTracked(null);
    void client.invalidateQueries({ queryKey: xeroKeys.status });
    void client.invalidateQueries({ queryKey: xeroKeys.records });
  }, [run, client]);

  const connectCall = useMutation({
    mutationFn: getXeroAuthUrl,
    onSuccess: (url) => {
      rememberXeroReturnPath(`${location.pathname}${location.search}`);
      openXeroConsent(url);
    },
  });

  const syncCall = useMutation({
    mutationFn: startXeroSync,
    onSuccess: (started) => {
      client.setQueryData(xeroKeys.run(started.id), started);
      setTracked(started.id);
    },
  });

  return {
    enabled,
    status,
    loading: statusQuery.isPending && enabled,
    failed: statusQuery.isError,
    refresh: () => void statusQuery.refetch(),
    run: run && isRunActive(run) ? run : null,
    failedRun,
    // it stays pending while the browser leaves for Xero
    connecting: connectCall.isPending || connectCall.isSuccess,
    connect: () => connectCall.mutate(),
    starting: syncCall.isPending ? (syncCall.variables ?? null) : null,
    sync: (kind) => syncCall.mutate(kind),
    dialog,
    openDialog: setDialog,
    closeDialog: () => setDialog(null),
  };
}

/** The toast of a run that has ended. */
function announce(run: XeroSyncRun, seeFailures: () => void): void {
  if (run.status === 'failed') {
    toast.error(run.message ?? 'The sync stopped before it finished.', 'Xero');
  } else if (run.failed === 0) {
    toast.success(run.message ?? XERO_SYNC_SUCCESS, 'Xero');
  } else {
    toast.error(run.message ?? failedText(run.failed), 'Xero', {
      action: { label: 'See what failed', onClick: seeFailures },
    });
  }
}
