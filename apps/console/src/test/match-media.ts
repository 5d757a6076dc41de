/**
 * Stands in for window.matchMedia, which jsdom lacks (antd uses it for responsive layout): every media query answers
 * `matches(query)`, and its listeners are never called.
 */
export function stubMatchMedia(matches: (query: string) => boolean): void {
  const matchMedia = (query: string): MediaQueryList => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
  Object.defineProperty(window, 'matchMedia', { writable: true, configurable: true, value: matchMedia });
}
