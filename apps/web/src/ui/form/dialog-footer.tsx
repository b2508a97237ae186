import { Alert, Button, Group } from '@mantine/core';

/**
 * The end of a dialog's form: why the server refused (when it did), then Cancel and the action.
 * The action submits its form, or runs `onSubmit` where there is no form; both wait while busy.
 */
export function DialogFooter({
  refusal,
  refusalTitle,
  submitLabel,
  submitting,
  onClose,
  onSubmit,
  submitDisabled,
}: {
  refusal: string | null;
  refusalTitle: string;
  submitLabel: string;
  submitting: boolean;
  onClose: () => void;
  onSubmit?: () => void;
  submitDisabled?: boolean;
}) {
  return (
    <>
      {refusal ? (
        <Alert color="red" title={refusalTitle} role="alert">
          {refusal}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={submitting}>
          Cancel
        </Button>
        <Button
          type={onSubmit ? 'button' : 'submit'}
          onClick={onSubmit}
          loading={submitting}
          disabled={submitDisabled}
        >
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
