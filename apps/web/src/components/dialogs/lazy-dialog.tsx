import { type ComponentType, Suspense, useState } from 'react';
import { lazyWithTimeout } from '../../lib/lazy-with-timeout';

/**
 * A dialog whose code (Mantine's Modal, its form, the QR renderer…) loads the first time it
 * opens, not with the page. `isOpen` reads from the props whether it is open; once opened it
 * stays mounted, so it can animate closed and open again at once.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): ComponentType<P> {
  const Dialog = lazyWithTimeout(() => load().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: called once per dialog at module level, as React.lazy is.
  return function LazyDialog(props: P) {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
