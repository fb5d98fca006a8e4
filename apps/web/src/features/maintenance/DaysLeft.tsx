import { Badge, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { daysLeftMark } from './contractValues.ts';

/**
 * A contract's days left: an ended one as Ended with how long ago, and (`markEnding`) one within
 * the 90 days of the Ending band with a mark beside the number.
 */
export function DaysLeft({ days, markEnding = false }: { days: number; markEnding?: boolean }) {
  const { t } = useTranslation();
  const mark = daysLeftMark(days);
  if (mark === 'ended')
    return (
      <Badge colorPalette="red" variant="outline" data-days-left={days}>
        {t('contracts.endedDaysAgo', { count: -days })}
      </Badge>
    );
  return (
    <HStack gap="2" justify="end" data-days-left={days}>
      {markEnding && mark === 'ending' ? (
        <Badge colorPalette="orange" variant="outline">
          {t('contracts.endingMark')}
        </Badge>
      ) : null}
      <Text as="span">{days}</Text>
    </HStack>
  );
}
