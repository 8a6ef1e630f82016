/**
 * Draws the live view (src/report/live-screen.ts) on a terminal in place, through log-update: the
 * lines it needs below what was printed before (no alternate screen, the scrollback stays), redrawn
 * after every batch and as the clock runs, at most four times a second, at the terminal's current size (a
 * resize redraws). `finish()` erases the view so that the normal final output takes its place.
 * It measures its own CPU time (building and drawing frames), reported as `cost()`.
 */
import { createLogUpdate } from 'log-update';
import type { LiveViewSettings } from '../model/records.js';
import { renderLiveScreen, type LiveState } from '../report/index.js';

/** At most this many frames a second (a batch forces one sooner). */
export const MAX_FPS = 4;

/** Frames drawn, the view's CPU time (user + system: its statistics and its frames) and its wall time, ms. */
export type LiveViewCost = LiveViewSettings;

/**
 * Whether the live view is drawn: stdout a terminal of a known size (a pseudo-terminal nobody sized
 * reports 0 rows, where nothing can be drawn), not --json, not CI, not --no-live.
 */
export function liveViewWanted(o: { json?: boolean; live?: boolean }, env = process.env): boolean {
  const out = process.stdout;
  const sized = (out.rows ?? 0) > 0 && (out.columns ?? 0) > 0;
  return out.isTTY === true && sized && o.json !== true && o.live !== false && !env.CI;
}

export class LiveTerminal {
  private readonly log: ReturnType<typeof createLogUpdate>;
  private state: LiveState | null = null;
  private lastDraw = 0;
  private timer: NodeJS.Timeout | null = null;
  private frames = 0;
  private closed = false;
  private cpuUs = 0;
  private readonly started = performance.now();
  private readonly onResize = (): void => this.draw();

  constructor(
    private readonly stream: NodeJS.WriteStream,
    private readonly color: boolean,
  ) {
    this.log = createLogUpdate(stream, { showCursor: true });
    stream.on('resize', this.onResize);
  }

  /** Counts the CPU time of `f` as the view's own. */
  measure<T>(f: () => T): T {
    const before = process.cpuUsage();
    try {
      return f();
    } finally {
      const d = process.cpuUsage(before);
      this.cpuUs += d.user + d.system;
    }
  }

  /** A new state (after a batch, or the clock's tick): drawn now, or once a quarter second has passed since the last frame. */
  show(state: LiveState): void {
    if (this.closed) return;
    this.state = state;
    const wait = 1000 / MAX_FPS - (performance.now() - this.lastDraw);
    if (wait <= 0) {
      this.draw();
      return;
    }
    if (this.timer === null) {
      this.timer = setTimeout(() => {
        this.timer = null;
        this.draw();
      }, wait);
      this.timer.unref();
    }
  }

  /** Prints text above the view (a warning on stderr, say): the view is erased, the text written, the view drawn again below it. */
  above(write: () => void): void {
    if (this.closed) return write();
    this.log.clear();
    write();
    this.draw();
  }

  private draw(): void {
    const state = this.state;
    if (state === null) return;
    this.measure(() => {
      const view = { width: this.stream.columns ?? 80, height: this.stream.rows ?? 24, color: this.color };
      this.log(renderLiveScreen(state, view).join('\n'));
    });
    this.frames++;
    this.lastDraw = performance.now();
  }

  /** Erases the view (the final output is printed in its place) and stops drawing. */
  finish(): LiveViewCost {
    if (this.closed) return this.cost();
    this.closed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.stream.off('resize', this.onResize);
    this.log.clear();
    this.log.done();
    this.state = null;
    return this.cost();
  }

  cost(): LiveViewCost {
    return {
      frames: this.frames,
      cpuMs: Math.round(this.cpuUs / 100) / 10,
      wallMs: Math.round(performance.now() - this.started),
    };
  }
}
