import { Button, Field, HStack, Input, Link, Stack } from '@chakra-ui/react';
import { Upload } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../shared/alerts.tsx';
import { InlineAlert } from '../../../shared/InlineAlert.tsx';
import { describeUploadProblem, upload } from '../../../shared/upload.ts';

/**
 * The vendor's quotation of a saved order: a PDF or an image, checked by its content upstream.
 * Uploading another replaces it.
 */
export function Quotation({
  orderId,
  url,
  onUploaded,
}: {
  orderId: string;
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
      const answer = await upload({
        url: '/uploads/purchase-order-quotation',
        file,
        params: { purchaseOrderId: orderId },
      });
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
        <Field.Label>{t('purchaseOrders.quotation')}</Field.Label>
        <HStack gap="2">
          <Input
            type="file"
            accept="application/pdf,image/png,image/jpeg,image/webp"
            p="1"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          <Button variant="outline" disabled={!file} loading={sending} onClick={() => void send()}>
            <Upload aria-hidden />
            {t('orderForm.uploadQuotation')}
          </Button>
        </HStack>
      </Field.Root>
      {url ? (
        <Link href={url} target="_blank" rel="noopener" fontSize="sm">
          {t('orderForm.viewQuotation')}
        </Link>
      ) : null}
      <InlineAlert status="error" title={problem} />
    </Stack>
  );
}
