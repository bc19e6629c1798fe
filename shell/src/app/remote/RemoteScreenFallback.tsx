/**
 * What a remote's route shows while the remote loads. On the first page of a
 * visit the server may have sent the remote's own screen, prerendered by the
 * remote's build (the contract's `prerender: true`, page-server/):
 * it is read from the page before React starts, and drawn again here, as it
 * was, until the remote replaces it with the same screen, live. It is inert
 * meanwhile: a form that is only HTML must not be typed into or submitted.
 * Everywhere else the placeholder is the loading spinner.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { RemoteName } from '@campus/shared/runtime-config';
import { PageSpinner, VisuallyHidden } from '@campus/shared/ui';
import { LATE_PAGE_MIN_H } from '../layout/AppLayout';
import { REMOTE_SCREEN } from '../../prerender/placeholders';

interface PrerenderedScreen {
  remote: string;
  path: string;
  html: string;
}

let prerendered: PrerenderedScreen | null = null;

const samePath = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/** Keeps the remote screen the server sent in `root`, if any (call before React touches the page). */
export function readPrerenderedScreen(root: ParentNode): void {
  const element = root.querySelector(`[${REMOTE_SCREEN.attribute}][${REMOTE_SCREEN.pathAttribute}]`);
  const remote = element?.getAttribute(REMOTE_SCREEN.attribute);
  const path = element?.getAttribute(REMOTE_SCREEN.pathAttribute);
  prerendered = element && remote && path ? { remote, path, html: element.innerHTML } : null;
}

/** Rendered beside the remote's app: once the remote has drawn its screen, the copy is never shown again. */
export function ForgetPrerenderedScreen() {
  useEffect(() => {
    prerendered = null;
  }, []);
  return null;
}

export function RemoteScreenFallback({ remote }: { remote: RemoteName }) {
  const { pathname } = useLocation();
  const screen = prerendered?.remote === remote && samePath(prerendered.path, pathname) ? prerendered : null;
  if (screen) {
    const attributes = { [REMOTE_SCREEN.attribute]: remote, [REMOTE_SCREEN.pathAttribute]: screen.path };
    return (
      <>
        {/* The copy is inert, so hidden from assistive technology: what is happening is said here. */}
        <VisuallyHidden role="status">Loading page</VisuallyHidden>
        <div {...attributes} {...REMOTE_SCREEN.copyAttributes} dangerouslySetInnerHTML={{ __html: screen.html }} />
      </>
    );
  }
  return (
    <div {...{ [REMOTE_SCREEN.attribute]: remote }}>
      <PageSpinner label="Loading page" minH={LATE_PAGE_MIN_H} />
    </div>
  );
}
