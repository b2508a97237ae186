import type { InvoiceRecord } from '@app/shared/accounting/invoices.schemas';
import { Box, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  downloadClientInvoicePdf,
  useClientInvoicePdf,
} from '../../api/client-invoices/get-client-invoice-pdf.ts';

/** A `blob:` address for the PDF, revoked when the page no longer shows it. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/**
 * The PDF as the client receives it, made by the server from the stored document: shown in a
 * frame, opened in a tab of its own, or downloaded under its number.
 */
export function ClientInvoicePdf({ invoice }: { invoice: InvoiceRecord }) {
  const pdf = useClientInvoicePdf(invoice.id);
  const url = useObjectUrl(pdf.data);
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadClientInvoicePdf(invoice.id, invoice.number);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="pdf-title">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={2} size="h4" id="pdf-title">
            PDF
          </Title>
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              component="a"
              href={url ?? undefined}
              target="_blank"
              rel="noopener"
              disabled={!url}
            >
              Open PDF
            </Button>
            <Button variant="default" size="xs" onClick={() => void download()} loading={downloading}>
              Download
            </Button>
          </Group>
        </Group>
        <Box
          h={{ base: 480, md: 820 }}
          style={{
            border: '1px solid var(--mantine-color-gray-3)',
            borderRadius: 'var(--mantine-radius-sm)',
          }}
        >
          {url ? (
            <iframe
              // the browser's viewer: the page at the frame's width, without the thumbnails pane
              src={`${url}#navpanes=0&view=FitH`}
              title={`${invoice.number} PDF`}
              style={{ width: '100%', height: '100%', border: 0, display: 'block' }}
            />
          ) : pdf.isError ? (
            <Center h="100%">
              <Stack gap="xs" align="center">
                <Text size="sm" c="red" role="alert">
                  The PDF could not be made.
                </Text>
                <Button size="xs" variant="default" onClick={() => void pdf.refetch()}>
                  Try again
                </Button>
              </Stack>
            </Center>
          ) : (
            <Center h="100%">
              <Loader size="sm" aria-label="Loading the PDF" />
            </Center>
          )}
        </Box>
      </Stack>
    </Paper>
  );
}
