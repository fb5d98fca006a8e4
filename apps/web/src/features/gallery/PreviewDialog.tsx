import { Button, DataList, Image, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../shared/AppDialog.tsx';
import { useDates } from '../../shared/dates.ts';
import type { GalleryImage } from './GalleryPage.tsx';

/** The full image with its title and details. */
export function PreviewDialog({ image, onClose }: { image: GalleryImage; onClose: () => void }) {
  const { t } = useTranslation();
  const dates = useDates();
  const details: [string, string][] = [
    [t('gallery.kind'), t(`gallery.kinds.${image.kind}`)],
    [t('gallery.size'), image.sizeText],
    [t('gallery.dimensions'), image.dimensionsText],
    [t('gallery.uploadedBy'), image.uploadedBy],
    [t('gallery.uploadedAt'), dates.dateTime(image.uploadedAt)],
  ];
  return (
    <AppDialog
      title={image.title}
      onClose={onClose}
      size="lg"
      footer={
        <Button variant="outline" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      <Stack gap="4">
        <Image
          src={image.imageUrl}
          alt={image.title}
          maxHeight="60vh"
          objectFit="contain"
          marginInline="auto"
        />
        <DataList.Root orientation="horizontal" size="sm">
          {details.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Stack>
    </AppDialog>
  );
}
