/**
 * An optional hook on the HTTP clients: told, for every response, when its request started and its
 * response ended (readings of the run's clock, src/model/clock.ts) and the response's `Date` header. A sharded run sets it
 * to bracket its clock against the store's (src/shard/clock-bracket.ts); with no observer nothing
 * is read (the write client's headers stay unparsed).
 */
import { realClock, type Clock } from '../../model/clock.js';

export type ResponseClockObserver = (startNs: bigint, endNs: bigint, date: string) => void;

let observer: ResponseClockObserver | null = null;

/** Sets the observer (null removes it); returns the previous one. */
export function setResponseClockObserver(o: ResponseClockObserver | null): ResponseClockObserver | null {
  const previous = observer;
  observer = o;
  return previous;
}

/** The start of a request as the hook wants it: 0n when nobody observes (no clock read). */
export function clockStart(clock: Clock = realClock): bigint {
  return observer === null ? 0n : clock.nowNs();
}

/** After a response ended: its Date header, if any, goes to the observer. */
export function noteResponse(
  startNs: bigint,
  headers: Record<string, string | string[] | undefined>,
  clock: Clock = realClock,
): void {
  if (observer === null || startNs === 0n) return;
  const d = headers.date;
  const date = Array.isArray(d) ? d[0] : d;
  if (date !== undefined) observer(startNs, clock.nowNs(), date);
}
