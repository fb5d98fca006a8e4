import { Button, CloseButton, DataList, Dialog, Image, Portal, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { GalleryImage } from './GalleryPage.tsx';

/** The full image with its title and details. */
export function PreviewDialog({ image, onClose }: { image: GalleryImage; onClose: () => void }) {
  const { t } = useTranslation();
  const details: [string, string][] = [
    [t('gallery.kind'), t(`gallery.kinds.${image.kind}`)],
    [t('gallery.size'), image.sizeText],
    [t('gallery.dimensions'), image.dimensionsText],
    [t('gallery.uploadedBy'), image.uploadedBy],
    [t('gallery.uploadedAt'), image.uploadedAtText],
  ];
  return (
    <Dialog.Root
      open
      onOpenChange={(event) => {
        if (!event.open) onClose();
      }}
      placement="center"
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{image.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
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
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('common.close')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
