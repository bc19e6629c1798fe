import { Box, Stack, Text } from '@campus/shared/ui';

/**
 * The photos' upload progress (the multipart call's onUploadProgress, 0..1),
 * as an ARIA progressbar. A plain bar, not Chakra's Progress: every component
 * of the shared design system is on every page (architecture: Chakra size).
 */
export function UploadProgress({ fraction }: { fraction: number }) {
  const percent = Math.round(Math.max(0, Math.min(1, fraction)) * 100);
  return (
    <Stack gap="1">
      <Text fontSize="sm">{percent < 100 ? `Uploading photos… ${percent}%` : 'Photos uploaded, saving…'}</Text>
      <Box
        role="progressbar"
        aria-label="Photo upload"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        h="2"
        bg="bg.muted"
        borderRadius="full"
        overflow="hidden"
      >
        <Box h="full" w={`${percent}%`} bg="brand.solid" transition="width 0.2s" />
      </Box>
    </Stack>
  );
}
