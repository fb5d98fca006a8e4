import { Box, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { qrDetector } from './scan.ts';

const LOOK_EVERY_MS = 200;

/**
 * The back camera's picture, read for a QR code a few times a second until one is found (given to
 * `onCode`) or the camera cannot be used (`onProblem`, in the user's words). The camera is let go
 * when the scan ends or the screen is left.
 */
export function CameraScan({
  onCode,
  onProblem,
}: {
  onCode: (code: string) => void;
  onProblem: (message: string) => void;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const done = useRef({ onCode, onProblem });
  done.current = { onCode, onProblem };

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    (async () => {
      try {
        const [detector, media] = await Promise.all([
          qrDetector(),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } }),
        ]);
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        const look = async () => {
          if (stopped || !video.current) return;
          const codes = video.current.readyState >= 2 ? await detector.detect(video.current) : [];
          const first = codes[0]?.rawValue;
          if (first && !stopped) done.current.onCode(first);
          else timer = setTimeout(() => void look(), LOOK_EVERY_MS);
        };
        await look();
      } catch (error) {
        if (!stopped)
          done.current.onProblem(
            t('assets.find.noCamera', {
              reason: error instanceof Error ? error.message : String(error),
            }),
          );
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [t]);

  return (
    <Box>
      <Box maxW="md" borderRadius="md" overflow="hidden" bg="black">
        <video
          ref={video}
          muted
          playsInline
          style={{ width: '100%', display: 'block' }}
          aria-label={t('assets.find.cameraView')}
        />
      </Box>
      <Text fontSize="sm" color="fg.muted">
        {t('assets.find.pointCamera')}
      </Text>
    </Box>
  );
}
