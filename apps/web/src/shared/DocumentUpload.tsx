import { Button, Field, HStack, Input, Link, Stack } from '@chakra-ui/react';
import { Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from './alerts.tsx';
import { InlineAlert } from './InlineAlert.tsx';
import { describeUploadProblem, upload } from './upload.ts';

/**
 * A record's one document (an order's quotation, an installation's report): a PDF or an image,
 * checked by its content upstream, sent to an upload target of the gateway. Uploading another
 * replaces it.
 */
export function DocumentUpload({
  label,
  uploadLabel,
  viewLabel,
  target,
  params,
  url,
  onUploaded,
}: {
  label: string;
  uploadLabel: string;
  viewLabel: string;
  /** The gateway's upload route, e.g. /uploads/purchase-order-quotation. */
  target: string;
  params: Record<string, string>;
  url: string | null;
  onUploaded: () => void;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = async () => {
    if (!file) return;
    setSending(true);
    setProblem(null);
    try {
      const answer = await upload({ url: target, file, params });
      notifySuccess(answer.message);
      setFile(null);
      onUploaded();
    } catch (failure) {
      setProblem(describeUploadProblem(failure, t).message);
    } finally {
      setSending(false);
    }
  };
  return (
    <Stack gap="2">
      <Field.Root>
        <Field.Label>{label}</Field.Label>
        <HStack gap="2">
          <Input
            type="file"
            accept="application/pdf,image/png,image/jpeg,image/webp"
            p="1"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          <Button variant="outline" disabled={!file} loading={sending} onClick={() => void send()}>
            <Upload aria-hidden />
            {uploadLabel}
          </Button>
        </HStack>
      </Field.Root>
      {url ? (
        <Link href={url} target="_blank" rel="noopener" fontSize="sm">
          {viewLabel}
        </Link>
      ) : null}
      <InlineAlert status="error" title={problem} />
    </Stack>
  );
}
