import { useQuery } from '@tanstack/react-query';
import { call } from '@campus/shared/call';
import { messages } from '@campus/shared/endpoints';
import { queryKeys } from '@campus/shared/query-keys';
import type { MessageSettings } from '@campus/shared/schemas';

/** GET /messages/settings: whether unread messages are e-mailed. */
export async function getMessageSettings(signal?: AbortSignal): Promise<MessageSettings> {
  return (await call(messages.getSettings, undefined, { signal })).data;
}

export function useMessageSettings() {
  return useQuery({ queryKey: queryKeys.messages.settings(), queryFn: ({ signal }) => getMessageSettings(signal) });
}
