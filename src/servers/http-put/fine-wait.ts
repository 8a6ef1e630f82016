/**
 * Waits of the ground-truth store with sub-millisecond means. Node's timers have whole-millisecond
 * resolution: a fractional delay is truncated (setTimeout(2.9) fires after about 2 ms, and anything
 * under 1 ms after 1 ms). A model cost such as linear:3 over 2 ms would then move in 1 ms stairs
 * (2, 3, 4, 5 ms) instead of a line, and a 500 µs base would cost 1 ms.
 *
 * WaitCarry hands out whole milliseconds and carries the fractions from one wait to the next (error
 * diffusion): after any k waits asked for, the whole milliseconds handed out differ from the sum
 * asked for by less than 1 ms. So the mean wait over a batch of PUTs follows the model to within
 * 1 ms / (PUTs in the batch), deterministically. A wait of 0 whole milliseconds answers at once.
 *
 * Every timer also fires a little late (about 0.1 ms here); that lateness is the same at every
 * fill, so it adds to the base cost and leaves the model's shape alone.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export class WaitCarry {
  private owed = 0;

  /** The whole milliseconds to wait now for a wait of `ms` asked for (ms >= 0). */
  next(ms: number): number {
    if (!(ms > 0)) return 0;
    this.owed += ms;
    const whole = Math.floor(this.owed);
    this.owed -= whole;
    return whole;
  }

  /** Waits `ms` as carried (resolves at once when this wait hands out 0 ms). */
  async wait(ms: number): Promise<void> {
    const whole = this.next(ms);
    if (whole > 0) await sleep(whole);
  }
}
