import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from '../components/ui/toaster';
import { LocationProvider } from '../lib/location/location-provider';
import { SessionGate } from './session-gate';
import { SessionProvider, type StartUp } from '../lib/session/session-provider';

export function AppProviders({ queryClient, starting, children }: { queryClient: QueryClient; starting?: Promise<StartUp>; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider starting={starting}>
        <LocationProvider>
          <SessionGate>{children}</SessionGate>
          <Toaster />
        </LocationProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
