import type { ImportArea, ImportMapping, ImportPreview, ImportReport } from '@app/shared/directory/index';
import { Alert, Button, Group, Modal, Stack, Stepper } from '@mantine/core';
import { useState } from 'react';
import { errorDetail, fieldErrors, isHttpError } from '../../../../lib/http/http-error.ts';
import { usePreviewImport } from '../../api/import-preview.ts';
import { useImportRecords } from '../../api/import-records.ts';
import { initialMapping, missingRequired } from './import-mapping.ts';
import { MappingStep } from './mapping-step.tsx';
import { PreviewStep } from './preview-step.tsx';
import { ReportStep } from './report-step.tsx';
import { fileProblem, UploadStep } from './upload-step.tsx';

const AREA_TEXT: Record<ImportArea, { title: string; noun: string; duplicateRule: string }> = {
  clients: { title: 'Import clients', noun: 'clients', duplicateRule: 'the same email' },
  suppliers: { title: 'Import suppliers', noun: 'suppliers', duplicateRule: 'the same name' },
};

/** What a refused upload says, in words a person can act on. */
export function uploadErrorMessage(error: unknown): string {
  if (!isHttpError(error)) return 'The file could not be sent. Check the connection and try again.';
  if (error.status === 413) return 'The file is too large.';
  if (error.status === 415) return 'Choose a .csv or .xlsx file.';
  const fields = Object.values(fieldErrors(error));
  return errorDetail(error) ?? fields[0] ?? 'The file could not be read.';
}

export type ImportStep = 0 | 1 | 2 | 3;

/** Upload -> column mapping -> preview -> report, in a dialog over the list. */
export function ImportWizard({
  area,
  opened,
  onClose,
}: {
  area: ImportArea;
  opened: boolean;
  onClose: () => void;
}) {
  const text = AREA_TEXT[area];
  const [step, setStep] = useState<ImportStep>(0);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [showMissing, setShowMissing] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const previewCall = usePreviewImport(area);
  const importCall = useImportRecords(area);

  const missing = preview ? missingRequired(preview.fields, mapping) : [];
  const labelOf = (field: string) => preview?.fields.find((f) => f.name === field)?.label ?? field;

  const chooseFile = (next: File | null) => {
    setFile(next);
    setFileError(next ? fileProblem(next) : null);
  };

  const upload = async () => {
    if (!file) {
      setFileError('Required field');
      return;
    }
    const problem = fileProblem(file);
    if (problem) {
      setFileError(problem);
      return;
    }
    try {
      const answer = await previewCall.mutateAsync(file);
      setPreview(answer);
      setMapping(initialMapping(answer));
      setShowMissing(false);
      setStep(1);
    } catch (error) {
      setFileError(uploadErrorMessage(error));
    }
  };

  const toPreview = () => {
    if (!preview) return;
    if (missing.length > 0) {
      setShowMissing(true);
      return;
    }
    setStep(2);
  };

  const runImport = async () => {
    if (!file) return;
    setImportError(null);
    try {
      setReport(await importCall.mutateAsync({ file, mapping }));
      setStep(3);
    } catch (error) {
      setImportError(uploadErrorMessage(error));
    }
  };

  const restart = () => {
    setStep(0);
    setFile(null);
    setFileError(null);
    setPreview(null);
    setReport(null);
    setImportError(null);
  };

  return (
    <Modal opened={opened} onClose={onClose} title={text.title} size="xl" closeOnClickOutside={false}>
      <Stack gap="lg">
        <Stepper
          // past the last step once the report is in: every step shows as done
          active={step === 3 ? 4 : step}
          size="sm"
          allowNextStepsSelect={false}
          onStepClick={(i) => step < 3 && setStep(i as ImportStep)}
        >
          <Stepper.Step label="Upload" description="CSV or XLSX">
            <UploadStep noun={text.noun} file={file} error={fileError} onFile={chooseFile} />
          </Stepper.Step>
          <Stepper.Step label="Mapping" description="Columns to fields">
            {preview ? (
              <MappingStep
                preview={preview}
                mapping={mapping}
                showMissing={showMissing}
                onChange={setMapping}
              />
            ) : null}
          </Stepper.Step>
          <Stepper.Step label="Preview" description="Check the rows">
            {preview ? (
              <PreviewStep preview={preview} mapping={mapping} duplicateRule={text.duplicateRule} />
            ) : null}
            {importError ? (
              <Alert color="red" mt="md" role="alert" title="Not imported">
                {importError}
              </Alert>
            ) : null}
          </Stepper.Step>
          <Stepper.Step label="Report" description="What happened" />
          <Stepper.Completed>
            {report ? <ReportStep report={report} labelOf={labelOf} fileName={file?.name ?? area} /> : null}
          </Stepper.Completed>
        </Stepper>

        {step === 1 && showMissing && missing.length > 0 ? (
          // the fields' own messages may be scrolled out of sight: say it by the button too
          <Alert color="red" role="alert" data-testid="import-missing-fields">
            {`Choose a column for ${missing.map(labelOf).join(', ')}.`}
          </Alert>
        ) : null}
        <Group justify="space-between">
          <Button variant="default" onClick={onClose} disabled={importCall.isPending}>
            {step === 3 ? 'Done' : 'Cancel'}
          </Button>
          <Group gap="sm">
            {step === 1 || step === 2 ? (
              <Button
                variant="default"
                onClick={() => setStep((step - 1) as ImportStep)}
                disabled={importCall.isPending}
              >
                Back
              </Button>
            ) : null}
            {step === 0 ? (
              <Button onClick={() => void upload()} loading={previewCall.isPending}>
                Next
              </Button>
            ) : null}
            {step === 1 ? <Button onClick={toPreview}>Next</Button> : null}
            {step === 2 ? (
              <Button onClick={() => void runImport()} loading={importCall.isPending}>
                Import {preview?.total_rows ?? ''} {preview?.total_rows === 1 ? 'row' : 'rows'}
              </Button>
            ) : null}
            {step === 3 ? (
              <Button variant="default" onClick={restart}>
                Import another file
              </Button>
            ) : null}
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
