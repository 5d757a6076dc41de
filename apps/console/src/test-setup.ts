import { stubMatchMedia } from './test/match-media';

// jsdom lacks matchMedia and ResizeObserver, which antd uses for responsive layout.
stubMatchMedia(() => false);
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
// jsdom lays nothing out: CodeMirror measures text ranges, which then have no boxes.
const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects = emptyRects;
Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);

// jsdom computes a style by matching every rule of every stylesheet (antd injects thousands) against the element, and
// getByRole's accessible names ask that of every descendant of every candidate, again at each poll of a waitFor: the
// assistant overlay's tests ran 64 s → 36 s with the styles kept. A computed style is kept until the document changes;
// any mutation (taken at once with takeRecords, so a change made just before the call counts) drops them all. A style
// that changes with focus alone (no mutation) would read stale: no test here reads one. Installed once per window: the
// files of a worker share it (vitest.config.ts), and this file runs for each.
const KEPT_STYLES = Symbol.for('beacon.keptComputedStyles');
const host = window as unknown as Record<symbol, boolean>;
if (!host[KEPT_STYLES]) {
  host[KEPT_STYLES] = true;
  const computeStyle = window.getComputedStyle.bind(window);
  let computed = new WeakMap<Element, CSSStyleDeclaration>();
  const changes = new MutationObserver(() => {
    computed = new WeakMap();
  });
  changes.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  window.getComputedStyle = (element: Element, pseudo?: string | null) => {
    if (pseudo) return computeStyle(element, pseudo);
    if (changes.takeRecords().length > 0) computed = new WeakMap();
    let style = computed.get(element);
    if (!style) {
      style = computeStyle(element);
      computed.set(element, style);
    }
    return style;
  };
}
