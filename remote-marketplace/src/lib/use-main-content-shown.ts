import { eventBus } from '@campus/shared/event-bus';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Tells the page, once, that this screen's main content is on screen (its results, its product,
 * or the error in their place): the shell starts its secondary work then (the navbar's counts),
 * not while the student still waits for what they opened ('page:main-content-shown').
 */
export function useMainContentShown(shown: boolean): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (shown) eventBus.emit('page:main-content-shown', { path: pathname });
    // Once per screen: a new search or page of the same screen is not a new first paint (no pathname).
  }, [shown]);
}
