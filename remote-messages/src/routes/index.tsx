/**
 * The messages remote's screens, one per screen id of the federation contract
 * (`REMOTES.remoteMessages`). Each screen is its own chunk.
 */
import { lazy } from 'react';
import type { ScreenMap } from '@campus/shared/remote-routes';

export const MESSAGES_SCREENS: ScreenMap<'remoteMessages'> = {
  chat: lazy(() => import(/* webpackChunkName: "chat" */ './ChatPage')),
};
