import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { formatFileSize } from '../../lib/documents/document-format.ts';
import type { UploadItem, Uploads } from '../../lib/documents/use-uploads.ts';

/** Per cent sent, 0 to 100. */
const percent = (item: UploadItem) =>
  item.size > 0 ? Math.min(100, Math.round((item.sent / item.size) * 100)) : 0;

const files = (n: number) => `${n} file${n === 1 ? '' : 's'}`;

/** "Uploading 2 files… 1 uploaded, 3 not uploaded" / "2 uploaded, 1 not uploaded". */
export function uploadSummary(items: UploadItem[]): string {
  const going = items.filter((i) => i.status === 'waiting' || i.status === 'uploading').length;
  const done = items.filter((i) => i.status === 'done').length;
  const failed = items.filter((i) => i.status === 'failed').length;
  const tail = [done ? `${done} uploaded` : '', failed ? `${failed} not uploaded` : '']
    .filter(Boolean)
    .join(', ');
  if (going > 0) return `Uploading ${files(going)}…${tail ? ` ${tail}` : ''}`;
  return tail;
}

/**
 * The uploads of a folder view, one row per file: a progress bar while it goes, "Uploaded" once
 * stored, or the reason it was refused with Retry. Finished rows can be cleared.
 */
export function UploadList({ uploads, label = 'Uploads' }: { uploads: Uploads; label?: string }) {
  const { items } = uploads;
  if (items.length === 0) return null;
  const finished = items.filter((i) => i.status === 'done' || i.status === 'failed').length;
  return (
    <Stack gap={6} component="section" aria-label={label} data-testid="upload-list">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600} aria-live="polite">
          {uploadSummary(items)}
        </Text>
        {finished > 0 ? (
          <Button size="compact-xs" variant="subtle" color="gray" onClick={uploads.clearFinished}>
            Clear finished
          </Button>
        ) : null}
      </Group>
      {items.map((item) => (
        <UploadRow key={item.key} item={item} uploads={uploads} />
      ))}
    </Stack>
  );
}

function UploadRow({ item, uploads }: { item: UploadItem; uploads: Uploads }) {
  const pct = percent(item);
  return (
    <Stack
      gap={2}
      p={6}
      data-testid="upload-row"
      data-status={item.status}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background: item.status === 'failed' ? 'var(--mantine-color-red-0)' : 'var(--mantine-color-gray-0)',
      }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {item.name}{' '}
          <Text span size="xs" c="dimmed">
            {formatFileSize(item.size)}
          </Text>
        </Text>
        <Group gap={4} wrap="nowrap">
          <Text
            size="xs"
            c={item.status === 'failed' ? 'red.8' : item.status === 'done' ? 'teal.8' : 'dimmed'}
          >
            {item.status === 'waiting'
              ? 'Waiting'
              : item.status === 'uploading'
                ? `${pct}%`
                : item.status === 'done'
                  ? 'Uploaded'
                  : 'Not uploaded'}
          </Text>
          {item.status === 'failed' && item.file !== null && item.retryable ? (
            <Button size="compact-xs" variant="default" onClick={() => uploads.retry(item.key)}>
              Retry
            </Button>
          ) : null}
          {item.status === 'waiting' || item.status === 'uploading' ? (
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              onClick={() => uploads.cancel(item.key)}
              aria-label={`Cancel the upload of ${item.name}`}
            >
              Cancel
            </Button>
          ) : (
            <Button
              size="compact-xs"
              variant="subtle"
              color="gray"
              onClick={() => uploads.dismiss(item.key)}
              aria-label={`Dismiss ${item.name}`}
            >
              Dismiss
            </Button>
          )}
        </Group>
      </Group>
      {item.status === 'uploading' || item.status === 'waiting' ? (
        <Progress
          value={pct}
          size="sm"
          animated={item.status === 'uploading' && pct < 100}
          aria-label={`Upload of ${item.name}`}
        />
      ) : null}
      {item.status === 'failed' && item.error ? (
        <Text size="xs" c="red.8" role="alert">
          {item.error}
        </Text>
      ) : null}
    </Stack>
  );
}
