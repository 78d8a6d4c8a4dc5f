import { useSyncExternalStore } from 'react';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
}

export interface Toast extends ToastInput {
  id: number;
}

/** Shared defaults: one toast at a time, shown for 5 s. */
export const TOAST_DURATION_MS = 5000;

let current: Toast | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function dismissToast(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return;
  clearTimeout(timer);
  current = null;
  emit();
}

/** Shows a toast, replacing the one on screen (only one is ever visible). */
export function toast(input: ToastInput): number {
  clearTimeout(timer);
  const id = nextId++;
  current = { id, ...input };
  timer = setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
  emit();
  return id;
}

export function useToastState(): Toast | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
