import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';

/** Puts text on the clipboard; older browsers and plain http get the selection and execCommand. */
async function copyText(text: string, area: HTMLTextAreaElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the selection
  }
  if (!area) return false;
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

/** The ready-to-paste message of the chosen offers, with one-click Copy. */
export function SendTextModal({ text, onClose }: { text: string | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const [area, setArea] = useState<HTMLTextAreaElement | null>(null);
  const close = () => {
    setCopied(null);
    onClose();
  };
  return (
    <Modal opened={text !== null} onClose={close} title="Offers as text" size="lg" fullScreen={phone}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Paste this into a message to the client.
        </Text>
        <Textarea
          ref={setArea}
          label="Message"
          value={text ?? ''}
          readOnly
          rows={12}
          resize="vertical"
          data-testid="offers-text"
          styles={{ input: { fontFamily: 'inherit' } }}
        />
        <Group justify="flex-end" gap="sm">
          {copied === 'no' ? (
            <Text size="sm" c="red">
              Copy failed: select the text and copy it by hand.
            </Text>
          ) : null}
          <Button variant="default" onClick={close}>
            Close
          </Button>
          <Button
            data-autofocus
            color={copied === 'yes' ? 'teal' : undefined}
            onClick={() => void copyText(text ?? '', area).then((ok) => setCopied(ok ? 'yes' : 'no'))}
          >
            {copied === 'yes' ? 'Copied' : 'Copy'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
