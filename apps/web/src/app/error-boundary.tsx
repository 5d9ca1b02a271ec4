import { Component, type ErrorInfo, type ReactNode } from 'react';
import { SystemErrorPage } from '../features/errors/system-error-page';

interface State {
  failed: boolean;
}

/**
 * Last line of defence: anything that escapes the router's own boundary (providers, the layout)
 * ends on the system-error page instead of a blank screen.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[qrqr] unhandled error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <SystemErrorPage /> : this.props.children;
  }
}
