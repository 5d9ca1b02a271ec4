import { MantineProvider } from '@mantine/core';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorModalProvider } from '../components/dialogs/error-modal';
import { NotificationsOutlet } from '../components/feedback/notifications-outlet';
import { isApiError } from '../lib/api-client';
import { reportUnauthorized } from '../lib/unauthorized';
import { AppErrorBoundary } from './error-boundary';
import { cssVariablesResolver, theme } from './theme';

function watchUnauthorized(error: unknown): void {
  if (isApiError(error) && error.code === 'E-401') reportUnauthorized();
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: watchUnauthorized }),
    mutationCache: new MutationCache({ onError: watchUnauthorized }),
    defaultOptions: {
      queries: {
        // Result codes are answers, not glitches: retrying a 4xx only delays the message.
        retry: (count, error) => !isApiError(error) || (error.httpStatus >= 500 && count < 2),
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <ErrorModalProvider>
            <NotificationsOutlet />
            {children}
          </ErrorModalProvider>
        </QueryClientProvider>
      </AppErrorBoundary>
    </MantineProvider>
  );
}
