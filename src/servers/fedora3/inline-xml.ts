/**
 * The inline-XML (controlGroup X) content check, streamed. Fedora parses X content as XML and fails
 * with an unmapped exception (500) when it is not. This reference server does not parse: it accepts
 * content that LOOKS like an XML document — after an optional UTF-8 BOM and whitespace it starts
 * with `<`, and its last non-whitespace byte is `>` — and answers 500 for anything else (a binary
 * sent without controlGroup=M, say). Checking costs O(1) memory whatever the size.
 */
import { serverError } from '../common/http-error.js';

const isSpace = (b: number): boolean => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;

export function notXml(dsID: string): Error {
  return serverError(
    `Inline XML content of datastream ${dsID} is not well-formed XML (use controlGroup=M for binary content)`,
  );
}

export async function* checkInlineXml(chunks: AsyncIterable<Buffer>, dsID: string): AsyncGenerator<Buffer> {
  let started = false;
  let skipBom = 0; // bytes of a leading BOM seen so far
  let last = -1;
  for await (const chunk of chunks) {
    if (!started) {
      for (let i = 0; i < chunk.length; i++) {
        const b = chunk[i] ?? 0;
        if (skipBom < 3 && b === [0xef, 0xbb, 0xbf][skipBom]) {
          skipBom++;
          continue;
        }
        if (isSpace(b)) continue;
        if (b !== 0x3c /* < */) throw notXml(dsID);
        started = true;
        break;
      }
    }
    for (let i = chunk.length - 1; i >= 0; i--) {
      const b = chunk[i] ?? 0;
      if (!isSpace(b)) {
        last = b;
        break;
      }
    }
    yield chunk;
  }
  if (!started || last !== 0x3e /* > */) throw notXml(dsID);
}
