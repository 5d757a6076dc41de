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
