/**
 * What the write client (http1-connection.ts) takes as a request body, and how it treats each kind:
 * a Buffer up to COPY_LIMIT goes in one write with its head, a larger one as one corked writev; a
 * synchronous generator (generated content) is pulled ahead up to GATHER_LIMIT bytes so that its
 * pieces leave with the head, the rest streamed; an async iterable streams with backpressure.
 */
export type WriteBody = Buffer | Iterable<Buffer> | AsyncIterable<Uint8Array> | null;

/**
 * Bodies up to this size are copied behind the head (into Node's pooled slab: no allocation) and
 * sent in one plain write; larger ones go with the head as one corked writev, with no copy (at
 * 64 KiB the copy and its fresh buffer cost the engine about 40% more CPU per request).
 */
export const COPY_LIMIT = 4 * 1024;
/** Generated bodies are gathered up to this many bytes before the first write. */
export const GATHER_LIMIT = 1024 * 1024;

/**
 * A synchronous body (a content generator) pulled ahead up to GATHER_LIMIT bytes: a body of one
 * piece becomes that Buffer; the pieces of a longer one leave with the head in one writev, and
 * what is beyond the limit streams after them (a large body is never held whole).
 */
export function gather(body: Iterable<Buffer>): { pieces: Buffer[]; rest: Iterable<Buffer> | null } {
  const it = body[Symbol.iterator]();
  const pieces: Buffer[] = [];
  let bytes = 0;
  while (bytes < GATHER_LIMIT) {
    const r = it.next();
    if (r.done) return { pieces, rest: null };
    pieces.push(r.value);
    bytes += r.value.length;
  }
  return { pieces, rest: { [Symbol.iterator]: () => it } };
}

export const EMPTY = Buffer.alloc(0);
