import { useEffect } from 'react';
import { toast } from '../components/ui/toast-store';
import { errorMessage } from './api-client';

/** A screen's failed query says so once, in a toast titled `title` with the server's message. */
export function useErrorToast(error: unknown, title: string): void {
  useEffect(() => {
    if (error) toast({ title, description: errorMessage(error), variant: 'destructive' });
  }, [error, title]);
}
