/**
 * Optimistic sending: a message shows in the thread the moment it is sent, marked "Sending…",
 * until the API's answer takes its place (it joins the thread's cache); a refused or lost one
 * stays, marked "Failed to send" with Retry, which sends the same text and photos again.
 */
import { useCallback, useRef, useState } from 'react';
import { readApiError } from '@campus/shared/api-client';
import { useSendMessage } from './use-thread';

export interface PendingMessage {
  localId: string;
  text: string;
  photos: readonly File[];
  status: 'sending' | 'failed';
  /** The API's reason for a refusal (blocked, too fast), when it gave one. */
  error?: string;
}

export function useOutbox(conversationId: string) {
  const send = useSendMessage();
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const counter = useRef(0);

  const attempt = useCallback(
    (message: PendingMessage) => {
      setPending((list) => list.map((p) => (p.localId === message.localId ? { ...p, status: 'sending', error: undefined } : p)));
      send
        .mutateAsync({ conversationId, text: message.text, photos: message.photos })
        .then(() => setPending((list) => list.filter((p) => p.localId !== message.localId)))
        .catch((error: unknown) => {
          const reason = readApiError(error);
          const known = reason.status !== undefined && reason.status < 500 ? reason.serverMessage : undefined;
          setPending((list) => list.map((p) => (p.localId === message.localId ? { ...p, status: 'failed', error: known } : p)));
        });
    },
    [conversationId, send],
  );

  const submit = useCallback(
    (text: string, photos: readonly File[]) => {
      counter.current += 1;
      const message: PendingMessage = { localId: `local-${counter.current}`, text, photos, status: 'sending' };
      setPending((list) => [...list, message]);
      attempt(message);
    },
    [attempt],
  );

  const retry = useCallback(
    (localId: string) => {
      const message = pending.find((p) => p.localId === localId);
      if (message) attempt(message);
    },
    [attempt, pending],
  );

  return { pending, submit, retry };
}
