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
 * Open modal dialogs, newest last. A modal dialog makes everything outside it inert (no pointer, no focus, hidden
 * from screen readers), even other top-layer elements, so the toast region moves into the newest one while any is
 * open; it is also a top-layer popover, re-shown (raised) when it moves, so it is drawn above the dialog's content.
 */
const modals: HTMLElement[] = [];
const hostListeners = new Set<() => void>();

export function registerModal(dialog: HTMLElement): () => void {
  modals.push(dialog);
  for (const listener of hostListeners) listener();
  return () => {
    const index = modals.lastIndexOf(dialog);
    if (index >= 0) modals.splice(index, 1);
    for (const listener of hostListeners) listener();
  };
}

/** Where the toast region lives: the newest open modal dialog, or null for the page itself. */
export function useToastHost(): HTMLElement | null {
  return useSyncExternalStore(
    (listener) => {
      hostListeners.add(listener);
      return () => hostListeners.delete(listener);
    },
    () => modals.at(-1) ?? null,
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
