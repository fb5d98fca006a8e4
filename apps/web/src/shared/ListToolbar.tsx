import { Button } from '@chakra-ui/react';
import { FileSpreadsheet, FileUp, Plus, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * A list's buttons, as the legacy lists had them: Create when the grants allow it, Refresh, and
 * the spreadsheet download when the server enables it and there are rows.
 */
export function ListToolbar({
  onCreate,
  createTo,
  onRefresh,
  refreshing,
  exportUrl,
  bulkUploadTo,
}: {
  /** Absent when the user may not create. */
  onCreate?: (() => void) | undefined;
  /** Or the page that creates one (absent when the user may not create). */
  createTo?: string | undefined;
  onRefresh: () => void;
  refreshing: boolean;
  /** Absent when downloading is not allowed or there is nothing to download. */
  exportUrl?: string | null | undefined;
  /** The resource's bulk upload page; absent when it has none or the user may not create. */
  bulkUploadTo?: string | undefined;
}) {
  const { t } = useTranslation();
  const create = (
    <>
      <Plus aria-hidden />
      {t('masterLists.create')}
    </>
  );
  return (
    <>
      {createTo ? (
        <Button asChild colorPalette="brand" size="sm">
          <Link to={createTo}>{create}</Link>
        </Button>
      ) : onCreate ? (
        <Button colorPalette="brand" size="sm" onClick={onCreate}>
          {create}
        </Button>
      ) : null}
      {bulkUploadTo ? (
        <Button asChild variant="outline" size="sm">
          <Link to={bulkUploadTo}>
            <FileUp aria-hidden />
            {t('bulkUpload.button')}
          </Link>
        </Button>
      ) : null}
      <Button variant="outline" size="sm" onClick={onRefresh} loading={refreshing}>
        <RefreshCw aria-hidden />
        {t('common.refresh')}
      </Button>
      {exportUrl ? (
        <Button asChild variant="outline" size="sm" colorPalette="green">
          <a href={exportUrl} download>
            <FileSpreadsheet aria-hidden />
            {t('common.download')}
          </a>
        </Button>
      ) : null}
    </>
  );
}
