import { Button, Menu } from '@mantine/core';
import { useState } from 'react';

export type ExportFormat = 'csv' | 'xlsx';

/** Export of the list as it is filtered now (all pages), as CSV or XLSX. */
export function ExportMenu({ onExport }: { onExport: (format: ExportFormat) => Promise<void> }) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      await onExport(format);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" loading={busy !== null}>
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>All rows matching the filters</Menu.Label>
        <Menu.Item onClick={() => void run('csv')}>CSV (.csv)</Menu.Item>
        <Menu.Item onClick={() => void run('xlsx')}>Excel (.xlsx)</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
