import { useQuery } from '@apollo/client/react';
import { Link, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useDates } from '../../shared/dates.ts';
import { LastAuditQuery } from './documents.ts';
import { auditUrl } from './urls.ts';

/** "Last audited" on an asset's page: the sign-off day of the last audit that found it. */
export function AssetLastAudited({ assetId }: { assetId: string }) {
  const { t } = useTranslation();
  const dates = useDates();
  const { data } = useQuery(LastAuditQuery, { variables: { assetId } });
  const last = data?.assetLastAudit;
  if (!last) return null;
  return (
    <Text fontSize="sm" data-testid="last-audited">
      {`${t('audits.lastAudited')}: `}
      {last.lastAuditedOn ? dates.date(last.lastAuditedOn) : t('audits.neverAudited')}
      {last.auditId && last.auditNumber ? (
        <>
          {' · '}
          <Link asChild>
            <RouterLink to={auditUrl(last.auditId)}>{last.auditNumber}</RouterLink>
          </Link>
        </>
      ) : null}
    </Text>
  );
}
