import type {
  StatementImport,
  StatementMapping,
  StatementPreview,
} from '@app/shared/banking/statement-import.schemas';
import { Alert, Button, Group, Modal, Stack, Stepper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { errorDetail } from '../../../../lib/http/http-error.ts';
import { useCommitStatement } from '../../api/statement-import/commit-statement.ts';
import { useStatementImport } from '../../api/statement-import/get-statement-import.ts';
import { usePreviewStatement } from '../../api/statement-import/preview-statement.ts';
import { readCsvHeader, refusalCode, statementErrorMessage, statementFileProblem } from './statement-file.ts';
import { draftOf, emptyDraft, type MappingDraft, mappingOf } from './statement-mapping.ts';
import { StatementPreviewStep } from './statement-preview-step.tsx';
import { StatementProgressStep } from './statement-progress-step.tsx';
import { StatementReportStep } from './statement-report-step.tsx';
import { type StatementBank, StatementUploadStep } from './statement-upload-step.tsx';

type Step = 0 | 1 | 2 | 3;

/**
 * Import a bank statement: the account and the CSV file, then the columns matched and the file
 * previewed (again with each change), then the import running in the background with its progress,
 * then the report. A dialog over the transactions list.
 */
export function StatementImportWizard({
  opened,
  onClose,
  onShowLines,
}: {
  opened: boolean;
  onClose: () => void;
  /** "See the imported lines": the list filtered by the import. */
  onShowLines: (importId: number) => void;
}) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Import a bank statement"
      size={1000}
      fullScreen={phone}
      closeOnClickOutside={false}
    >
      {opened ? <Wizard onClose={onClose} onShowLines={onShowLines} /> : null}
    </Modal>
  );
}

function Wizard({ onClose, onShowLines }: { onClose: () => void; onShowLines: (importId: number) => void }) {
  const [step, setStep] = useState<Step>(0);
  const [bank, setBank] = useState<StatementBank | null>(null);
  const [bankError, setBankError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [columns, setColumns] = useState<string[]>([]);
  const [draft, setDraft] = useState<MappingDraft>(emptyDraft());
  const [preview, setPreview] = useState<StatementPreview | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [started, setStarted] = useState<StatementImport | null>(null);
  const [commitError, setCommitError] = useState<string | null>(null);
  const previewCall = usePreviewStatement();
  const commitCall = useCommitStatement();
  // only the answer to the latest preview counts: the mapping may change again meanwhile
  const previewSeq = useRef(0);
  const progress = useStatementImport(started?.id ?? null, started ?? undefined);
  const statement = progress.data ?? started;

  useEffect(() => {
    if (step === 2 && statement && statement.status !== 'running') setStep(3);
  }, [step, statement]);

  const { mapping, problem } = mappingOf(draft);
  // the preview on screen is of the mapping on screen
  const current = preview !== null && !previewCall.isPending && previewError === null && mapping !== null;

  const runPreview = async (
    next: StatementMapping | null,
    chosen: { bank: StatementBank; file: File },
  ): Promise<StatementPreview | null> => {
    const seq = ++previewSeq.current;
    try {
      const answer = await previewCall.mutateAsync({
        bank: chosen.bank.id,
        file: chosen.file,
        mapping: next,
      });
      if (seq !== previewSeq.current) return null;
      setPreview(answer);
      setPreviewError(null);
      return answer;
    } catch (error) {
      if (seq === previewSeq.current) throw error;
      return null;
    }
  };

  const toPreview = async () => {
    const fileProblem = file ? statementFileProblem(file) : 'Required field';
    setBankError(bank ? null : 'Required field');
    setFileError(fileProblem);
    if (!bank || !file || fileProblem) return;
    try {
      const answer = await runPreview(null, { bank, file });
      if (!answer) return;
      setColumns(answer.columns);
      setDraft(draftOf(answer.mapping));
      setStep(1);
    } catch (error) {
      if (needsColumns(error)) {
        // no date or amount column could be guessed: offer the file's own columns to choose from
        const header = await readCsvHeader(file).catch(() => []);
        if (header.length > 0) {
          setColumns(header);
          setDraft(emptyDraft());
          setPreview(null);
          setPreviewError(statementErrorMessage(error));
          setStep(1);
          return;
        }
      }
      setFileError(statementErrorMessage(error));
    }
  };

  const changeDraft = (next: MappingDraft) => {
    setDraft(next);
    const checked = mappingOf(next);
    if (!checked.mapping || !bank || !file) return;
    setPreviewError(null);
    runPreview(checked.mapping, { bank, file }).catch((error: unknown) =>
      setPreviewError(statementErrorMessage(error)),
    );
  };

  const commit = async () => {
    if (!bank || !file || !mapping || !current) return;
    setCommitError(null);
    try {
      setStarted(await commitCall.mutateAsync({ bank: bank.id, file, mapping }));
      setStep(2);
    } catch (error) {
      setCommitError(statementErrorMessage(error));
    }
  };

  const restart = () => {
    setStep(0);
    setFile(null);
    setFileError(null);
    setColumns([]);
    setPreview(null);
    setPreviewError(null);
    setStarted(null);
    setCommitError(null);
  };

  // Enter does the step's main action
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 0) void toPreview();
    else if (step === 1) void commit();
  };

  const importable = current && preview !== null && newLines(preview) > 0;
  return (
    <form onSubmit={submit} noValidate aria-label="Import a bank statement">
      <Stack gap="lg">
        <Stepper active={step === 3 ? 4 : step} size="sm" allowNextStepsSelect={false}>
          <Stepper.Step label="File" description="Account and CSV">
            <StatementUploadStep
              bank={bank}
              bankError={bankError}
              file={file}
              fileError={fileError}
              onBank={(next) => {
                setBank(next);
                setBankError(null);
              }}
              onFile={(next) => {
                setFile(next);
                setFileError(next ? statementFileProblem(next) : null);
              }}
            />
          </Stepper.Step>
          <Stepper.Step label="Preview" description="Columns and lines">
            {file ? (
              <StatementPreviewStep
                fileName={file.name}
                columns={columns}
                currency={bank?.currency ?? ''}
                draft={draft}
                problem={problem}
                preview={preview}
                previewing={previewCall.isPending}
                error={previewError}
                onDraft={changeDraft}
              />
            ) : null}
            {commitError ? (
              <Alert color="red" mt="md" role="alert" title="Not imported">
                {commitError}
              </Alert>
            ) : null}
          </Stepper.Step>
          <Stepper.Step label="Import" description="In progress">
            {statement ? <StatementProgressStep statement={statement} /> : null}
            {progress.isError ? (
              <Alert color="orange" role="alert">
                The progress could not be read; the import goes on. Close this window and look at the list.
              </Alert>
            ) : null}
          </Stepper.Step>
          <Stepper.Step label="Report" description="What happened" />
          <Stepper.Completed>
            {statement ? <StatementReportStep statement={statement} /> : null}
          </Stepper.Completed>
        </Stepper>

        <Group justify="space-between">
          <Button variant="default" onClick={onClose} disabled={commitCall.isPending}>
            {step === 3 ? 'Done' : step === 2 ? 'Close' : 'Cancel'}
          </Button>
          <Group gap="sm">
            {step === 1 ? (
              <Button variant="default" onClick={() => setStep(0)} disabled={commitCall.isPending}>
                Back
              </Button>
            ) : null}
            {step === 0 ? (
              <Button type="submit" loading={previewCall.isPending}>
                Next
              </Button>
            ) : null}
            {step === 1 ? (
              <Button type="submit" loading={commitCall.isPending} disabled={!importable}>
                {preview && current ? importLabel(preview) : 'Import'}
              </Button>
            ) : null}
            {step === 3 && statement ? (
              <>
                <Button variant="default" onClick={restart}>
                  Import another file
                </Button>
                <Button onClick={() => onShowLines(statement.id)} disabled={statement.rows_imported === 0}>
                  See the imported lines
                </Button>
              </>
            ) : null}
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** The server could not guess the date or amount column: the person chooses them. */
function needsColumns(error: unknown): boolean {
  const code = refusalCode(error);
  return (
    code === 'statement_without_date' ||
    // STATEMENT_MESSAGES.withoutAmount; a statement too long is refused under the same code
    (code === 'statement_invalid' && /no amount column/i.test(errorDetail(error) ?? ''))
  );
}

/** Readable lines not already in the account (`rows_valid` counts the duplicates too). */
const newLines = (preview: StatementPreview) => preview.rows_valid - preview.duplicates;

function importLabel(preview: StatementPreview): string {
  const n = newLines(preview);
  return n === 0 ? 'Nothing new to import' : `Import ${n} ${n === 1 ? 'line' : 'lines'}`;
}
