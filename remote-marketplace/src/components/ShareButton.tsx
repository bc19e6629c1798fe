/**
 * Share a product or a store: the phone's own share sheet (the Web Share API) where there is one,
 * else a WhatsApp link and Copy link. Small on purpose (no dialog, no popover: those load the
 * design system's overlays), and only on the product and store screens, whose chunks carry it.
 * The link a messaging app opens draws its preview from the page's served <head> (page-server/).
 */
import { COPY_LINK_CONFIRM_MS } from '@campus/shared/constants';
import { Box, Button, HStack, Text } from '@campus/shared/ui';
import { useEffect, useId, useState } from 'react';
import { LuCheck, LuCopy, LuMessageCircle, LuShare2 } from 'react-icons/lu';

/** A WhatsApp chat of the student's choosing, with the text and the link typed in. */
export function whatsAppHref(text: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
}

/** Touch targets of at least 44 × 44 px (WCAG 2.5.5). */
const TOUCH = { minH: '11', minW: '11' } as const;

interface ShareButtonProps {
  /** The page's own path (href of the product or store). */
  path: string;
  /** The product's or store's name: the share sheet's title. */
  title: string;
  /** One line shared before the link. */
  text: string;
  what: 'product' | 'store';
}

type Copy = 'idle' | 'copied' | 'failed';

export function ShareButton({ path, title, text, what }: ShareButtonProps) {
  const [open, setOpen] = useState(false);
  const [copy, setCopy] = useState<Copy>('idle');
  const panelId = useId();
  // Node (the server's render) has no navigator.share: the copy in the HTML has the fallback's button.
  const native = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const url = () => new URL(path, window.location.origin).href;

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), COPY_LINK_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [copy]);

  const share = async () => {
    if (native) {
      try {
        await navigator.share({ title, text, url: url() });
        return;
      } catch (error) {
        // Closed by the student: nothing to do. Refused (no user gesture, a blocked type): the fallbacks.
        if (error instanceof Error && error.name === 'AbortError') return;
      }
    }
    setOpen((was) => !was);
  };

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(url());
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  return (
    <Box>
      <Button
        {...TOUCH}
        variant="outline"
        aria-label={`Share this ${what}`}
        aria-expanded={native && !open ? undefined : open}
        aria-controls={open ? panelId : undefined}
        onClick={() => void share()}
      >
        <LuShare2 aria-hidden="true" /> Share
      </Button>
      {open ? (
        <Box id={panelId} mt="2">
          <HStack gap="2" wrap="wrap" role="group" aria-label={`Share this ${what}`}>
            <Button asChild {...TOUCH} variant="outline" colorPalette="green">
              <a href={whatsAppHref(text, url())} target="_blank" rel="noopener noreferrer">
                <LuMessageCircle aria-hidden="true" /> WhatsApp
              </a>
            </Button>
            <Button {...TOUCH} variant="outline" onClick={() => void copyLink()}>
              {copy === 'copied' ? <LuCheck aria-hidden="true" /> : <LuCopy aria-hidden="true" />}
              {copy === 'copied' ? 'Link copied' : 'Copy link'}
            </Button>
          </HStack>
          <Text role="status" fontSize="sm" color="fg.muted" mt="1" wordBreak="break-all">
            {copy === 'failed' ? `Copy this link: ${url()}` : ''}
          </Text>
        </Box>
      ) : null}
    </Box>
  );
}
