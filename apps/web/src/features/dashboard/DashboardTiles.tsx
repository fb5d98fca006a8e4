import { Box, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { compactRupees, exactRupees, rupeesOf } from './rupees.ts';
import type { Tile, TileSection } from './tiles.ts';

const SECTIONS: readonly TileSection[] = ['assets', 'maintenance', 'waiting'];

/** One to four tiles a row: one or two on a phone, as the screen allows. */
const COLUMNS = { base: 1, sm: 2, lg: 3, xl: 4 } as const;

const tileStyle = {
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  height: 'full',
  padding: '4',
  borderWidth: '1px',
  borderRadius: 'md',
  bg: 'bg',
} as const;

function TileCard({ tile }: { tile: Tile }) {
  const { t } = useTranslation();
  const units = { lakh: t('dashboard.lakh'), crore: t('dashboard.crore') };
  const body = (
    <>
      <Text fontSize="sm" color="fg.muted">
        {t(tile.label)}
      </Text>
      <Text
        fontSize="2xl"
        fontWeight="semibold"
        lineHeight="short"
        color={tile.alarm ? 'red.700' : 'fg'}
        data-tile-count
      >
        {tile.count.toLocaleString('en-IN')}
      </Text>
      {tile.value !== null ? (
        <Text fontSize="sm" color="fg.muted" title={exactRupees(tile.value)}>
          {t('dashboard.value', { amount: compactRupees(rupeesOf(tile.value), units) })}
        </Text>
      ) : null}
    </>
  );
  if (tile.to === null) return <Box {...tileStyle}>{body}</Box>;
  return (
    <Box
      asChild
      {...tileStyle}
      borderLeftWidth={tile.alarm ? '4px' : '1px'}
      borderLeftColor={tile.alarm ? 'red.600' : undefined}
      _hover={{ bg: 'bg.muted', borderColor: 'brand.solid' }}
      focusVisibleRing="outside"
    >
      <RouterLink to={tile.to} data-tile={tile.key}>
        {body}
      </RouterLink>
    </Box>
  );
}

function Section({ section, tiles }: { section: TileSection; tiles: readonly Tile[] }) {
  const { t } = useTranslation();
  const id = `${useId()}-heading`;
  return (
    <Stack as="section" gap="2" aria-labelledby={id}>
      <Heading as="h2" size="sm" id={id}>
        {t(`dashboard.${section}Section`)}
      </Heading>
      <SimpleGrid as="ul" columns={COLUMNS} gap="3" listStyleType="none">
        {tiles.map((tile) => (
          <li key={tile.key}>
            <TileCard tile={tile} />
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** The tiles by section; a section with no tile for the user's role is left out. */
export function DashboardTiles({ tiles }: { tiles: readonly Tile[] }) {
  const { t } = useTranslation();
  if (tiles.length === 0) return <Text color="fg.muted">{t('dashboard.noTiles')}</Text>;
  return (
    <Stack gap="5">
      {SECTIONS.map((section) => {
        const shown = tiles.filter((tile) => tile.section === section);
        return shown.length > 0 ? <Section key={section} section={section} tiles={shown} /> : null;
      })}
    </Stack>
  );
}

/** Grey tiles while the first answer is on its way. */
export function TilesSkeleton() {
  return (
    <SimpleGrid columns={COLUMNS} gap="3" aria-hidden>
      {Array.from({ length: 8 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <Skeleton key={index} height="24" borderRadius="md" />
      ))}
    </SimpleGrid>
  );
}
