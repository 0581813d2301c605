// What jsdom lacks and the dashboard's libraries ask for: matchMedia (colour scheme, useMediaQuery), ResizeObserver
// (ScrollArea, Textarea autosize), document.fonts (Textarea autosize), scrollIntoView and the pointer-capture calls of its sliders, and
// the list of unfinished uploads (below).
// Every media query answers "no": the components render at desktop width, without reduced motion.
import { cleanup } from '@testing-library/react';
import { afterEach } from '@jest/globals';
import { defaultOptions } from 'tus-js-client';

window.matchMedia = (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

class NoResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = NoResizeObserver;
Element.prototype.scrollIntoView = () => undefined;
Element.prototype.hasPointerCapture = () => false;
Element.prototype.releasePointerCapture = () => undefined;
// The font loading API (Textarea autosize listens for fonts that finish loading): none load here.
Object.defineProperty(document, 'fonts', { configurable: true, value: Object.assign(new EventTarget(), { ready: Promise.resolve() }) });

// Each test starts on an empty page.
afterEach(cleanup);

// Node's build of the resumable-upload client keeps no list of unfinished uploads; the browser's
// keeps it in localStorage. The dashboard asks for that list on its upload fields: here, none.
defaultOptions.urlStorage = {
  findAllUploads: async () => [],
  findUploadsByFingerprint: async () => [],
  removeUpload: async () => undefined,
  addUpload: async () => '',
};
