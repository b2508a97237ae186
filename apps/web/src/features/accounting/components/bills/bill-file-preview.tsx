import type { BillRecord } from '@app/shared/accounting/bills.schemas';
import { Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { downloadBillFile, useBillFile } from '../../api/bills/get-bill-file.ts';
import { formatFileSize } from './bill-file.ts';

const TYPE_LABEL = { pdf: 'PDF', png: 'PNG image', jpg: 'JPEG image', webp: 'WebP image' } as const;

/** An object URL for a Blob, let go when the Blob changes or the page goes. */
function useObjectUrl(blob: Blob | undefined, type: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    // the server's type, so the browser's PDF viewer takes it whatever the Blob says
    const next = URL.createObjectURL(blob.type === type ? blob : new Blob([blob], { type }));
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob, type]);
  return url;
}

const MIME = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;

/** The supplier's invoice as received: a PDF in a frame or the image, with its download. */
export function BillFilePreview({ bill, actions }: { bill: BillRecord; actions?: ReactNode }) {
  const file = useBillFile(bill);
  const url = useObjectUrl(file.data, MIME[bill.file.type]);
  const title = `${bill.file.name} (${TYPE_LABEL[bill.file.type]}, ${formatFileSize(bill.file.size)})`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="bill-file-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={0} miw={0}>
            <Title order={2} size="h4" id="bill-file-title">
              File
            </Title>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Text>
          </Stack>
          <Group gap="sm">
            {actions}
            <Button variant="default" onClick={() => void downloadBillFile(bill)}>
              Download
            </Button>
          </Group>
        </Group>
        {file.isError ? (
          <Text c="red.7" role="alert">
            The file could not be shown. Download it instead.
          </Text>
        ) : !url ? (
          <Center h={200}>
            <Group gap="xs">
              <Loader size="sm" aria-hidden="true" />
              <Text c="dimmed">Loading the file…</Text>
            </Group>
          </Center>
        ) : bill.file.type === 'pdf' ? (
          <iframe
            src={url}
            title={`The supplier's invoice ${bill.number}`}
            style={{ width: '100%', height: '80vh', minHeight: 480, border: 0, borderRadius: 8 }}
          />
        ) : (
          <img
            src={url}
            alt={`The supplier's invoice ${bill.number}`}
            style={{ maxWidth: '100%', height: 'auto', alignSelf: 'center', borderRadius: 8 }}
          />
        )}
      </Stack>
    </Paper>
  );
}
