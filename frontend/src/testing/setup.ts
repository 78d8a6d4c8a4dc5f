import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { dismissToast } from '../components/ui/toast-store';
import { expectNoUnhandledRequests, installFetchStub } from './api-mock';

// jsdom has no <dialog> modality; opening as a plain open dialog is enough for behaviour tests.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

// jsdom has no PointerEvent: a MouseEvent carries the coordinates the swipe gesture reads.
if (typeof window !== 'undefined' && !('PointerEvent' in window)) {
  class PointerEventPolyfill extends MouseEvent {}
  Object.defineProperty(window, 'PointerEvent', { value: PointerEventPolyfill });
}

beforeEach(() => {
  installFetchStub();
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  expectNoUnhandledRequests();
  dismissToast();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
