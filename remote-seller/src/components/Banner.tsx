import { Alert, CloseButton } from '@campus/shared/ui';
import { useCallback, useEffect, useState } from 'react';

export interface BannerMessage {
  status: 'success' | 'error';
  text: string;
}

/**
 * A success or error banner that vanishes after `ms` (spec section 4: settings
 * banners vanish after 5 s); 0 keeps it until dismissed or replaced.
 */
export function useBanner(ms: number): [BannerMessage | null, (message: BannerMessage | null) => void] {
  const [message, setMessage] = useState<BannerMessage | null>(null);
  useEffect(() => {
    if (!message || ms <= 0) return;
    const timer = setTimeout(() => setMessage(null), ms);
    return () => clearTimeout(timer);
  }, [message, ms]);
  return [message, useCallback((m: BannerMessage | null) => setMessage(m), [])];
}

export function Banner({ message, onDismiss }: { message: BannerMessage | null; onDismiss?: () => void }) {
  if (!message) return null;
  return (
    <Alert.Root status={message.status} role={message.status === 'error' ? 'alert' : 'status'} borderRadius="md" data-testid="banner">
      <Alert.Indicator />
      <Alert.Title flex="1">{message.text}</Alert.Title>
      {onDismiss ? <CloseButton size="sm" aria-label="Dismiss" onClick={onDismiss} /> : null}
    </Alert.Root>
  );
}
