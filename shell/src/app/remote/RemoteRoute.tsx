/**
 * A pathless layout route's element: the remote's whole routes module,
 * loaded at run time inside Suspense and an error boundary. A failed load
 * shows a clear message and Retry; the rest of the site keeps working.
 */
import {
  Component,
  lazy,
  Suspense,
  useCallback,
  useState,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import type { RemoteName } from '@campus/shared/runtime-config';
import { Box, Button, Heading, Text, VStack } from '@campus/shared/ui';
import { LATE_PAGE_MIN_H } from '../layout/AppLayout';
import { useRemoteLoader, type RemoteLoader } from './remote-loader';
import { ForgetPrerenderedScreen, RemoteScreenFallback } from './RemoteScreenFallback';
import { RemoteLive } from './remote-live';

export const REMOTE_ERROR_TITLE = 'This part of the marketplace could not be loaded';
export const REMOTE_ERROR_TEXT = 'It may be down for a moment or your connection dropped. The rest of the site still works.';

interface CachedRemote {
  Component: LazyExoticComponent<ComponentType>;
  failed: boolean;
}

// One lazy component per loader and remote, so moving between routes of the
// same remote does not suspend again. A failed one is never reused: React.lazy
// remembers its rejection forever.
const cache = new WeakMap<RemoteLoader, Map<RemoteName, CachedRemote>>();

function remoteComponent(loader: RemoteLoader, remote: RemoteName, fresh: boolean): LazyExoticComponent<ComponentType> {
  let byRemote = cache.get(loader);
  if (!byRemote) {
    byRemote = new Map();
    cache.set(loader, byRemote);
  }
  const existing = byRemote.get(remote);
  if (existing && !existing.failed && !fresh) return existing.Component;
  const entry: CachedRemote = {
    failed: false,
    Component: lazy(() =>
      // The page's one query client comes with the first remote, never with the landing page:
      // its provider loads beside the remote, not before it.
      Promise.all([loader(remote), import(/* webpackChunkName: "query-client" */ './with-query-client')])
        .then(([module, { withQueryClient }]) => ({ default: withQueryClient(module.default) }))
        .catch((error: unknown) => {
          entry.failed = true;
          throw error;
        }),
    ),
  };
  byRemote.set(remote, entry);
  return entry.Component;
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

interface BoundaryState {
  error: Error | null;
}

export class RemoteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Remote failed to load or render', error, info.componentStack);
  }

  private retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Box
        role="alert"
        data-testid="remote-error"
        maxW="lg"
        mx="auto"
        my="16"
        px="6"
        py="8"
        borderWidth="1px"
        borderColor="red.200"
        bg="red.50"
        borderRadius="xl"
      >
        <VStack gap="3" textAlign="center">
          <Heading as="h1" size="lg" color="red.800">
            {REMOTE_ERROR_TITLE}
          </Heading>
          <Text color="red.900">{REMOTE_ERROR_TEXT}</Text>
          <Button colorPalette="brand" onClick={this.retry}>
            Retry
          </Button>
        </VStack>
      </Box>
    );
  }
}

export interface RemoteRouteProps {
  remote: RemoteName;
}

export function RemoteRoute({ remote }: RemoteRouteProps) {
  const loader = useRemoteLoader();
  const [attempt, setAttempt] = useState(0);
  // A new attempt (Retry) always builds a fresh lazy component and a fresh load.
  const [RemoteApp, setRemoteApp] = useState(() => remoteComponent(loader, remote, false));
  const retry = useCallback(() => {
    setRemoteApp(() => remoteComponent(loader, remote, true));
    setAttempt((n) => n + 1);
  }, [loader, remote]);

  return (
    // The remote's screen arrives into a first screen already held for it: nothing below moves.
    <Box minH={LATE_PAGE_MIN_H}>
      <RemoteErrorBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<RemoteScreenFallback remote={remote} />}>
          <RemoteApp />
          <ForgetPrerenderedScreen />
          <RemoteLive remote={remote} />
        </Suspense>
      </RemoteErrorBoundary>
    </Box>
  );
}
