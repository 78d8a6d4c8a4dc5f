import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '../components/ui/toaster';
import { LocationProvider } from '../features/location/location-provider';
import { SessionGate } from '../features/users/components/session-gate';
import { SessionProvider } from '../features/users/session-provider';

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <LocationProvider>
          <SessionGate>{children}</SessionGate>
          <Toaster />
        </LocationProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
