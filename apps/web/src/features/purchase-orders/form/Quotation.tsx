import { useTranslation } from 'react-i18next';
import { DocumentUpload } from '../../../shared/DocumentUpload.tsx';

/** The vendor's quotation of a saved order: a PDF or an image. Uploading another replaces it. */
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
  return (
    <DocumentUpload
      label={t('purchaseOrders.quotation')}
      uploadLabel={t('orderForm.uploadQuotation')}
      viewLabel={t('orderForm.viewQuotation')}
      target="/uploads/purchase-order-quotation"
      params={{ purchaseOrderId: orderId }}
      url={url}
      onUploaded={onUploaded}
    />
  );
}
