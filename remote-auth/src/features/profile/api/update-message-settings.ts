import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@campus/shared/call';
import { messages } from '@campus/shared/endpoints';
import { queryKeys } from '@campus/shared/query-keys';
import type { MessageSettings } from '@campus/shared/schemas';

/** PUT /messages/settings → the settings as stored. */
export async function updateMessageSettings(body: MessageSettings): Promise<MessageSettings> {
  return (await call(messages.updateSettings, { body })).data;
}

/**
 * The switch moves at once (the cached settings take the new value before the
 * API answers); a failure puts the previous value back, and the API's answer
 * replaces the cache on success.
 */
export function useUpdateMessageSettings() {
  const client = useQueryClient();
  const key = queryKeys.messages.settings();
  return useMutation({
    mutationFn: updateMessageSettings,
    onMutate: async (next: MessageSettings) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<MessageSettings>(key);
      client.setQueryData<MessageSettings>(key, next);
      return { previous };
    },
    onError: (_error, _next, context) => {
      if (context?.previous) client.setQueryData<MessageSettings>(key, context.previous);
    },
    onSuccess: (stored) => client.setQueryData<MessageSettings>(key, stored),
  });
}
