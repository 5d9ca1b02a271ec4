/**
 * Any call may answer E-401 (the session ended elsewhere). The query client reports it here and
 * one listener inside the router sends the user to sign-in, so screens need no handling of their own.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onUnauthorized(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function reportUnauthorized(): void {
  for (const listener of listeners) listener();
}
