import { Component, type ReactNode, useContext, useMemo } from 'react';
import { RouteContext, RouteErrorContext, useRouterContext } from './context';
import type { Location } from './location';
import { matchRoutes, type RouteMatch, type RouteObject } from './routes';

/** The matched chain for the current location, each layout showing the next part in its Outlet. */
export function RouteTree({ routes }: { routes: RouteObject[] }) {
  const { location } = useRouterContext();
  const matches = useMemo(() => matchRoutes(routes, location.pathname), [routes, location.pathname]);
  let outlet: ReactNode = null;
  for (let i = matches.length - 1; i >= 0; i--) {
    const { route } = matches[i] as RouteMatch;
    const part = (
      <RouteContext.Provider value={{ matches, outlet }}>
        {route.element === undefined ? outlet : route.element}
      </RouteContext.Provider>
    );
    outlet = route.errorElement ? (
      <RouteErrorBoundary location={location} fallback={route.errorElement}>
        {part}
      </RouteErrorBoundary>
    ) : (
      part
    );
  }
  return outlet;
}

/** Where a layout shows the screen (or inner layout) matched under it. */
export function Outlet() {
  return useContext(RouteContext).outlet;
}

interface BoundaryProps {
  location: Location;
  fallback: ReactNode;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  location: Location;
}

/** A failing part shows its route's error element; navigating elsewhere tries again. */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { error: undefined, location: props.location };
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <RouteErrorContext.Provider value={this.state.error}>{this.props.fallback}</RouteErrorContext.Provider>
    );
  }
}
