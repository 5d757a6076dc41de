/** The popovers' timing (part 2 §2): open on hover after 250 ms, close on leave or window blur, one at a time. */
export const HOVER_OPEN_DELAY_MS = 250;
/** Leaving the trigger for the popover itself must not close it: a short grace covers the gap. */
export const HOVER_CLOSE_GRACE_MS = 120;

type Listener = (openId: string | null) => void;

/**
 * Which popover of a group is open. `enter` schedules an opening after the delay (cancelled by `leave`), `leave`
 * closes after a short grace (cancelled by re-entering), `blur` closes at once; opening one closes the other.
 * Every opening is reported, so a popover reloads its data on each open.
 */
export class HoverController {
  private openId: string | null = null;
  private openTimer: ReturnType<typeof setTimeout> | undefined;
  private closeTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<Listener>();

  constructor(private readonly delays = { open: HOVER_OPEN_DELAY_MS, close: HOVER_CLOSE_GRACE_MS }) {}

  get current(): string | null {
    return this.openId;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  enter(id: string): void {
    clearTimeout(this.closeTimer);
    if (this.openId === id) return;
    clearTimeout(this.openTimer);
    this.openTimer = setTimeout(() => this.set(id), this.delays.open);
  }

  /** Keyboard focus or a click opens at once. */
  openNow(id: string): void {
    clearTimeout(this.openTimer);
    clearTimeout(this.closeTimer);
    if (this.openId !== id) this.set(id);
  }

  leave(id: string): void {
    clearTimeout(this.openTimer);
    if (this.openId !== id) return;
    clearTimeout(this.closeTimer);
    this.closeTimer = setTimeout(() => this.set(null), this.delays.close);
  }

  close(): void {
    clearTimeout(this.openTimer);
    clearTimeout(this.closeTimer);
    if (this.openId !== null) this.set(null);
  }

  dispose(): void {
    clearTimeout(this.openTimer);
    clearTimeout(this.closeTimer);
  }

  private set(id: string | null): void {
    this.openId = id;
    for (const l of this.listeners) l(id);
  }
}
