import { Badge } from '@chakra-ui/react';
import { Siren, TimerOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { JobPriority } from '../../gql/graphql.ts';

/*
 * A job's priority and its missed target as the list and the job's page show them: P1 in solid red
 * with a siren, so a life-critical job stands out in a long list; a job past its target marked.
 */

const PALETTE: Record<JobPriority, string> = {
  P1: 'red',
  P2: 'orange',
  P3: 'blue',
  P4: 'gray',
};

export function PriorityBadge({ priority }: { priority: JobPriority }) {
  const { t } = useTranslation();
  const urgent = priority === 'P1';
  return (
    <Badge
      colorPalette={PALETTE[priority]}
      variant={urgent ? 'solid' : 'subtle'}
      fontWeight={urgent ? '700' : '600'}
      whiteSpace="nowrap"
      data-priority={priority}
    >
      {urgent ? <Siren aria-hidden /> : null}
      {t(`jobOrders.priorities.${priority}`)}
    </Badge>
  );
}

/** Past the priority's response or resolution target (the server's judgement). */
export function PastTargetBadge({
  responseBreached,
  resolutionBreached,
}: {
  responseBreached: boolean;
  resolutionBreached: boolean;
}) {
  const { t } = useTranslation();
  if (!responseBreached && !resolutionBreached) return null;
  return (
    <Badge colorPalette="red" variant="outline" whiteSpace="nowrap">
      <TimerOff aria-hidden />
      {t('jobOrders.pastTarget')}
    </Badge>
  );
}
