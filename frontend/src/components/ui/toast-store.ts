import { useEffect, useSyncExternalStore } from 'react';
import { errorMessage } from '../../lib/api-client';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  /** Stays when the screen changes (e.g. "Garage Sale Posted!" shown on the way back to the feed). */
  keepOnNavigation?: boolean;
}

export interface Toast extends ToastInput {
  id: number;
}

/** Shared defaults: one toast at a time, shown for 5 s. */
export const TOAST_DURATION_MS = 5000;

let current: Toast | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
let paused = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function schedule(id: number): void {
  clearTimeout(timer);
  if (!paused) timer = setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
}

export function dismissToast(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return;
  clearTimeout(timer);
  current = null;
  emit();
}

/** Shows a toast, replacing the one on screen (only one is ever visible). */
export function toast(input: ToastInput): number {
  const id = nextId++;
  current = { id, ...input };
  schedule(id);
  emit();
  return id;
}

/** While the pointer or keyboard focus is on the toast it stays; it leaves 5 s after they move on. */
export function pauseToasts(): void {
  paused = true;
  clearTimeout(timer);
}
export function resumeToasts(): void {
  paused = false;
  if (current) schedule(current.id);
}

/** A new screen: the toast of the previous one goes, unless it was raised to be carried over. */
export function dismissOnNavigation(): void {
  if (current && !current.keepOnNavigation) dismissToast(current.id);
}

/**
 * Where toasts are shown: slots in the flow of the page (under the header) and of each open modal dialog (under its
 * title), newest last. A toast in a slot takes room of its own and pushes what follows down, so it never covers a
 * control; the newest modal's slot wins while any is open (everything outside a modal is inert).
 */
export type ToastSlotKind = 'page' | 'modal';
const slots: Array<{ element: HTMLElement; kind: ToastSlotKind }> = [];
const hostListeners = new Set<() => void>();
let host: HTMLElement | null = null;

function updateHost(): void {
  const next = slots.findLast((s) => s.kind === 'modal')?.element ?? slots.findLast((s) => s.kind === 'page')?.element ?? null;
  if (next === host) return;
  host = next;
  for (const listener of hostListeners) listener();
}

export function registerToastSlot(element: HTMLElement, kind: ToastSlotKind): () => void {
  slots.push({ element, kind });
  updateHost();
  return () => {
    const index = slots.findLastIndex((s) => s.element === element);
    if (index >= 0) slots.splice(index, 1);
    updateHost();
  };
}

/** The slot toasts are shown in now, or null where the screen has none (start-up). */
export function useToastHost(): HTMLElement | null {
  return useSyncExternalStore(
    (listener) => {
      hostListeners.add(listener);
      return () => hostListeners.delete(listener);
    },
    () => host,
    () => null,
  );
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

/** A toast's text without the title said twice ("You're interested!" / "You're interested! We'll keep…"). */
export function withoutRepeatedTitle(title: string, message: string | undefined): string | undefined {
  const text = message?.trim();
  if (!text || text === title) return undefined;
  return text.startsWith(title) ? text.slice(title.length).trim() || undefined : text;
}

/** A screen's failed query says so once, in a toast titled `title` with the server's message. */
export function useErrorToast(error: unknown, title: string): void {
  useEffect(() => {
    if (error) toast({ title, description: errorMessage(error), variant: 'destructive' });
  }, [error, title]);
}
