// What jsdom lacks and the dashboard's libraries ask for: matchMedia (colour scheme, useMediaQuery), ResizeObserver
// (ScrollArea, Textarea autosize), scrollIntoView and the pointer-capture calls of its sliders.
// Every media query answers "no": the components render at desktop width, without reduced motion.
import { cleanup } from '@testing-library/react';
import { afterEach } from '@jest/globals';

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

// Each test starts on an empty page.
afterEach(cleanup);
