import '@mantine/core/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers';
import { createAppRouter } from './app/router';
import { initialLocale, setupI18n } from './lib/i18n';
import { embeddedLocale } from './lib/session';

const container = document.getElementById('app');
if (!container) throw new Error('#app element is missing from index.html');

// The first paint waits for the active language's texts (one small chunk), never for both.
void setupI18n(initialLocale(embeddedLocale())).then(() => {
  const queryClient = createQueryClient();
  const router = createAppRouter();
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
