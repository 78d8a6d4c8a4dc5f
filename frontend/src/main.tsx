import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import './index.css';
import { createQueryClient } from './lib/query-client';

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <AppProviders queryClient={createQueryClient()}>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
