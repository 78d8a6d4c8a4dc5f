import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
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

// A lazily loaded screen or dialog is a dynamic import the test runner transforms on first use: on a loaded machine
// that alone can pass testing-library's 1 s default for findBy…/waitFor. A wait that succeeds returns as soon as it can.
configure({ asyncUtilTimeout: 5000 });

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
