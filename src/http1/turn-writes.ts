/**
 * Writes held to the end of the current event-loop turn, then made back to back.
 *
 * With many connections busy, replies arrive together: one turn of the event loop reads several
 * of them, and each one's connection sends its next request. Written at once, each request goes
 * out while its neighbours' replies are still being handled, microseconds apart; a fast server has
 * often gone back to sleep in between, and every write then wakes it — a context switch on each
 * side per request, costly on a virtual machine. Held to the end of the turn (setImmediate runs
 * after the turn's I/O callbacks) they leave together and the server is woken once for all of them.
 * Measured against the null server (reports/perf.md, benchmark 1), 1 KiB bodies, 16 connections,
 * five interleaved rounds of 80,000 requests: the server's context switches fell from 15,000–64,000
 * to 6,500–9,700 a round, and our requests/s rose 1.0–1.3x in each round.
 *
 * Only worth it with other requests in flight: a lone request would only wait (Http1Pool decides).
 */
type Write = () => void;

let queue: Write[] = [];
let scheduled = false;

function flush(): void {
  scheduled = false;
  const writes = queue;
  queue = [];
  // each write handles its own failure (Http1Connection fails its request): one cannot stop the rest
  for (const w of writes) w();
}

/** Runs write at the end of this event-loop turn, after every write queued before it. */
export function atEndOfTurn(write: Write): void {
  queue.push(write);
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
}

/** Writes queued and not yet made (for tests). */
export function queuedWrites(): number {
  return queue.length;
}
