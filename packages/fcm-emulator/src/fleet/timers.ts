/** Timers that can all be cancelled at once (Fleet.stop). */
export class Timers {
  private readonly handles = new Set<NodeJS.Timeout>();

  after(ms: number, fn: () => void): void {
    const h = setTimeout(
      () => {
        this.handles.delete(h);
        fn();
      },
      Math.max(0, ms),
    );
    h.unref();
    this.handles.add(h);
  }

  clear(): void {
    for (const h of this.handles) clearTimeout(h);
    this.handles.clear();
  }

  get size(): number {
    return this.handles.size;
  }
}
