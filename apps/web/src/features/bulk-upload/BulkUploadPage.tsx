import {
  Box,
  Button,
  Card,
  Field,
  Heading,
  Input,
  Progress,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { Download, FileCheck, FileSpreadsheet, Upload } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { notifyError, notifySuccess } from '../../shared/alerts.tsx';
import { InlineAlert } from '../../shared/InlineAlert.tsx';
import { LoadingDots } from '../../shared/LoadingDots.tsx';
import { CSRF_HEADER, describeUploadProblem, UploadError, upload } from '../../shared/upload.ts';
import { RouteProblem } from '../errors/RouteProblem.tsx';
import { useSessionEnded } from '../session/forgetSession.ts';
import {
  type BulkDescription,
  type BulkReport,
  type BulkUploadScreen,
  bulkScreenFor,
  errorRows,
} from './screens.ts';

type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; commit: boolean; fraction: number }
  | { kind: 'checking'; commit: boolean };

/**
 * One page for every resource's bulk upload (docs/bulk-upload.md): the template, the file, a dry
 * run whose report lists every problem by row and column, the rows in error as a workbook, and the
 * commit, offered only when no row has a problem. The server checks everything; this page only
 * shows what it says.
 */
export function Component() {
  const { pathname } = useLocation();
  const screen = bulkScreenFor(pathname);
  if (!screen) return null;
  return <BulkUploadPage key={screen.resource} screen={screen} />;
}

function BulkUploadPage({ screen }: { screen: BulkUploadScreen }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sessionEnded = useSessionEnded();
  const fileId = useId();
  const [description, setDescription] = useState<BulkDescription | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [report, setReport] = useState<BulkReport | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Retry) asks again
  useEffect(() => {
    const stop = new AbortController();
    setLoadError(null);
    fetch(`/bulk-uploads/${screen.resource}`, {
      headers: { accept: 'application/json' },
      signal: stop.signal,
    })
      .then(async (response) => {
        if (response.status === 401) {
          sessionEnded();
          return;
        }
        if (!response.ok) throw new UploadError('INTERNAL_SERVER_ERROR', '');
        setDescription((await response.json()) as BulkDescription);
      })
      .catch((failure: unknown) => {
        if (!stop.signal.aborted) setLoadError(failure);
      });
    return () => stop.abort();
  }, [screen.resource, navigate, attempt]);

  if (loadError)
    return <RouteProblem error={loadError} onRetry={() => setAttempt((count) => count + 1)} />;
  if (!description) return <LoadingDots label={t('common.loading')} />;
  if (!description.canCreate) return <Navigate to="/access-denied" replace />;
  const limits = description;
  const busy = phase.kind !== 'idle';

  function choose(chosen: File | null) {
    setFile(chosen);
    setReport(null);
    setDone(null);
    setRefusal(null);
    setFileError(null);
    if (chosen && chosen.size > limits.maxBytes)
      setFileError(t('bulkUpload.fileSize', { max: limits.maxText }));
  }

  async function send(commit: boolean) {
    if (!file) {
      setFileError(t('bulkUpload.fileRequired'));
      return;
    }
    if (fileError) return;
    setRefusal(null);
    setPhase({ kind: 'uploading', commit, fraction: 0 });
    try {
      const answer = await upload<BulkReport>({
        url: limits.uploadUrl,
        file,
        params: { commit: String(commit) },
        onProgress: (fraction) =>
          // Once the file is sent, the server is reading and checking the rows.
          setPhase(
            fraction >= 1 ? { kind: 'checking', commit } : { kind: 'uploading', commit, fraction },
          ),
      });
      setReport(answer.record);
      if (commit && answer.record.created !== null) {
        setDone(answer.message);
        notifySuccess(answer.message);
      }
    } catch (failure) {
      const problem = describeUploadProblem(failure, t);
      if (problem.code === 'UNAUTHENTICATED') {
        sessionEnded();
        return;
      }
      setReport(null);
      setRefusal(problem.message);
    } finally {
      setPhase({ kind: 'idle' });
    }
  }

  async function downloadErrors() {
    if (!report) return;
    try {
      const response = await fetch(limits.errorsUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [CSRF_HEADER.name]: CSRF_HEADER.value,
        },
        body: JSON.stringify({ rows: errorRows(report) }),
      });
      if (!response.ok) throw new UploadError('INTERNAL_SERVER_ERROR', '');
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `${limits.sheet}_errors.xlsx`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (failure) {
      notifyError(describeUploadProblem(failure, t).message);
    }
  }

  const problems = report
    ? report.rows.flatMap((row) =>
        row.problems.map((problem, index) => ({ key: `${row.row}-${index}`, row, problem })),
      )
    : [];
  const title = t(screen.title);

  return (
    <Card.Root as="section" aria-labelledby={`${fileId}-title`}>
      <Card.Header>
        <Heading as="h1" size="lg" id={`${fileId}-title`}>
          {title}
        </Heading>
        <Text color="fg.muted">{t('bulkUpload.intro')}</Text>
      </Card.Header>
      <Card.Body gap="6">
        <Stack gap="2">
          <Heading as="h2" size="md">
            {t('bulkUpload.templateStep')}
          </Heading>
          <Box>
            <Button asChild variant="outline" size="sm" colorPalette="green">
              <a href={limits.templateUrl} download>
                <FileSpreadsheet aria-hidden />
                {t('bulkUpload.template')}
              </a>
            </Button>
          </Box>
          <Text fontSize="sm">
            {t('bulkUpload.limits', { max: limits.maxText, rows: limits.maxRows.toLocaleString() })}
          </Text>
        </Stack>

        <Stack
          as="form"
          gap="3"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            void send(false);
          }}
        >
          <Heading as="h2" size="md">
            {t('bulkUpload.fileStep')}
          </Heading>
          <Field.Root invalid={fileError !== null} required maxW="lg">
            <Field.Label>{t('bulkUpload.file')}</Field.Label>
            <Input
              type="file"
              accept={limits.accept.join(',')}
              paddingBlock="1"
              disabled={busy}
              onChange={(event) => choose(event.target.files?.[0] ?? null)}
            />
            <Field.ErrorText>{fileError}</Field.ErrorText>
          </Field.Root>
          <Box>
            <Button type="submit" colorPalette="brand" size="sm" loading={busy} disabled={busy}>
              <FileCheck aria-hidden />
              {t('bulkUpload.check')}
            </Button>
          </Box>
          {phase.kind !== 'idle' ? (
            // A known share while the file goes up; then the server checks or writes it.
            <Progress.Root
              value={phase.kind === 'uploading' ? Math.round(phase.fraction * 100) : null}
              size="sm"
              colorPalette="brand"
              maxW="lg"
            >
              <Progress.Label>
                {phase.kind === 'uploading'
                  ? t('bulkUpload.uploading', { percent: Math.round(phase.fraction * 100) })
                  : phase.commit
                    ? t('bulkUpload.writing')
                    : t('bulkUpload.checking')}
              </Progress.Label>
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          ) : null}
        </Stack>

        <InlineAlert status="error" title={refusal} />

        <InlineAlert status="success" title={done}>
          <Link to={screen.list}>{t('bulkUpload.backToList')}</Link>
        </InlineAlert>

        {report && !done ? (
          <Stack gap="3" aria-live="polite">
            <Text fontWeight="semibold">
              {report.errorCount === 0
                ? t('bulkUpload.allGood', { rows: report.rowCount, file: report.fileName })
                : t('bulkUpload.summary', {
                    rows: report.rowCount,
                    errors: report.errorCount,
                    file: report.fileName,
                  })}
            </Text>
            {report.errorCount === 0 ? (
              <Box>
                <Button
                  colorPalette="brand"
                  size="sm"
                  onClick={() => void send(true)}
                  loading={busy}
                  disabled={busy}
                >
                  <Upload aria-hidden />
                  {t('bulkUpload.commit', { rows: report.rowCount })}
                </Button>
              </Box>
            ) : (
              <>
                <Text fontSize="sm">{t('bulkUpload.fixHint')}</Text>
                <Box>
                  <Button
                    variant="outline"
                    size="sm"
                    colorPalette="green"
                    onClick={() => void downloadErrors()}
                  >
                    <Download aria-hidden />
                    {t('bulkUpload.downloadErrors')}
                  </Button>
                </Box>
                <Table.ScrollArea borderWidth="1px" rounded="md" maxH="28rem">
                  <Table.Root size="sm" striped stickyHeader>
                    <Table.Caption>{t('bulkUpload.problems')}</Table.Caption>
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>{t('bulkUpload.row')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('bulkUpload.column')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('bulkUpload.value')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('bulkUpload.problem')}</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {problems.map(({ key, row, problem }) => (
                        <Table.Row key={key}>
                          <Table.Cell>{row.row}</Table.Cell>
                          <Table.Cell>{problem.column ?? t('bulkUpload.wholeRow')}</Table.Cell>
                          <Table.Cell>
                            {problem.column ? (row.values[problem.column] ?? '') : ''}
                          </Table.Cell>
                          <Table.Cell>{problem.message}</Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </Table.ScrollArea>
              </>
            )}
          </Stack>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
