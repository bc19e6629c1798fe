import { Alert, CloseButton } from '@campus/shared/ui';
import { useCallback, useEffect, useState, type ReactNode } from 'react';

const NOTICE_MS = 5000;

/**
 * The "coming soon" alert (the star rating): an in-page alert that is
 * announced to screen readers and dismisses itself, instead of a blocking
 * window.alert.
 */
export function useNotice(): [ReactNode, (text: string) => void] {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (!text) return;
    const timer = setTimeout(() => setText(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const show = useCallback((t: string) => setText(t), []);
  const node = text ? (
    <Alert.Root status="info" role="alert" data-testid="notice" borderRadius="md">
      <Alert.Indicator />
      <Alert.Title flex="1">{text}</Alert.Title>
      <CloseButton size="sm" aria-label="Dismiss" onClick={() => setText(null)} />
    </Alert.Root>
  ) : null;
  return [node, show];
}
