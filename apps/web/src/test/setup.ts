import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { toaster } from '../shared/alerts.tsx';

// The files of a worker share one document (vitest.config.ts: no isolation between files), so
// each test leaves it as it found it: no rendered tree, no notice still queued, nothing stored.
afterEach(() => {
  cleanup();
  toaster.remove();
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom lacks these browser APIs; Chakra's (Ark/Zag) components read them.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
Element.prototype.scrollTo ??= () => {};
