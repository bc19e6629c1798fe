import { act, render, screen } from '@testing-library/react';
import { createRef, Suspense, type ReactNode, type Ref } from 'react';
import { lazyNamespaces } from './lazy-namespace';

// A type, not an interface: lazyNamespaces takes a module, an object of namespaces.
type Fake = {
  Panel: {
    Root: (props: { title: string; children?: ReactNode; ref?: Ref<HTMLElement> }) => ReactNode;
    Body: (props: { children?: ReactNode }) => ReactNode;
  };
};

const fakeModule: Fake = {
  Panel: {
    Root: ({ title, children, ref }) => (
      <section aria-label={title} ref={ref}>
        {children}
      </section>
    ),
    Body: ({ children }) => <p>{children}</p>,
  },
};

/** A module import that resolves when the test says so. */
function importUnderControl<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('lazyNamespaces: a component namespace whose module loads on first use', () => {
  test('a part waits behind Suspense until the module is in, then draws the real part with its props and ref', async () => {
    const pending = importUnderControl<Fake>();
    const importModule = jest.fn(() => pending.promise);
    const { namespaces, isLoaded } = lazyNamespaces<Fake>(['Panel'], importModule);
    const { Panel } = namespaces;
    const ref = createRef<HTMLElement>();

    // Awaited: a render that suspends in a synchronous act() is never retried under jest.
    await act(async () => {
      render(
        <Suspense fallback={<span>loading</span>}>
          <Panel.Root title="Menu" ref={ref}>
            <Panel.Body>Items</Panel.Body>
          </Panel.Root>
        </Suspense>,
      );
    });
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(importModule).toHaveBeenCalledTimes(1);
    expect(isLoaded()).toBe(false);

    await act(async () => pending.resolve(fakeModule));
    expect(await screen.findByRole('region', { name: 'Menu' })).toHaveTextContent('Items');
    expect(ref.current).toBe(screen.getByRole('region', { name: 'Menu' }));
    expect(isLoaded()).toBe(true);
    expect(importModule).toHaveBeenCalledTimes(1);
  });

  test('load() starts the module once; after it, parts draw at once; a part is the same component on every read', async () => {
    const importModule = jest.fn(() => Promise.resolve(fakeModule));
    const { namespaces, load } = lazyNamespaces<Fake>(['Panel'], importModule);
    await Promise.all([load(), load()]);
    expect(importModule).toHaveBeenCalledTimes(1);
    expect(namespaces.Panel.Root).toBe(namespaces.Panel.Root);

    render(
      <Suspense fallback={<span>loading</span>}>
        <namespaces.Panel.Root title="Filters" />
      </Suspense>,
    );
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Filters' })).toBeInTheDocument();
  });

  test('a failed load is tried again by the next load()', async () => {
    const importModule = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(fakeModule);
    const { load, isLoaded } = lazyNamespaces<Fake>(['Panel'], importModule);
    await expect(load()).rejects.toThrow('offline');
    expect(isLoaded()).toBe(false);
    await load();
    expect(isLoaded()).toBe(true);
    expect(importModule).toHaveBeenCalledTimes(2);
  });

  test('a part the module does not have fails loudly', async () => {
    const { namespaces, load } = lazyNamespaces<Fake>(['Panel'], () => Promise.resolve(fakeModule));
    await load();
    const Missing = (namespaces.Panel as unknown as Record<string, () => ReactNode>).Footer!;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Missing />)).toThrow('Panel.Footer is not a part of Panel');
  });
});
