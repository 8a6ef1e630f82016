/**
 * JMeter's XML results (`jmeter.save.saveservice.output_format=xml`): `<testResults version="1.2">`
 * holding one `<httpSample>` (or `<sample>`, for other samplers) per sample, its attributes t
 * (elapsed ms), lt (latency: time to first byte), ct (connect), ts (Unix ms; the start, as JMeter
 * ships), s (success), lb (label), rc (response code), by and sby (bytes received and sent), and
 * child elements `<method>` and `<java.net.URL>` where JMeter saves them. Sub-samples (redirects,
 * embedded resources) nested in a sample belong to it and are not requests of their own.
 * Read with saxes, a streaming parser: memory holds the open elements, not the document.
 */
import { SaxesParser, type SaxesTag } from 'saxes';
import { badLine, type LineChunk } from './log-lines.js';
import type { LogFacts, LogRequest, RequestChunk } from './log-request.js';

const HINT = 'give the whole XML results file JMeter wrote (jmeter.save.saveservice.output_format=xml)';
const SAMPLE = new Set(['httpSample', 'sample']);

interface Open {
  attrs: Record<string, string>;
  line: number;
  method: string | null;
  url: string | null;
}

function requestOf(o: Open, file: string): LogRequest {
  const a = o.attrs;
  const start = Number(a.ts);
  const elapsed = Number(a.t);
  if (a.ts === undefined || a.t === undefined || !Number.isFinite(start) || !Number.isFinite(elapsed) || elapsed < 0)
    throw badLine(file, o.line, 'a sample without numbers ts (start, ms) and t (elapsed, ms)', HINT);
  const code = a.rc ?? '';
  const status = /^\d{3}$/.test(code) ? Number(code) : null;
  const latency = Number(a.lt);
  const sent = Number(a.sby);
  return {
    startMs: start,
    endMs: start + elapsed,
    durationMs: elapsed,
    ttfbMs: Number.isFinite(latency) && latency > 0 ? latency : null,
    method: o.method,
    name: a.lb ?? o.url ?? '',
    url: o.url,
    status,
    ok: a.s === undefined ? status !== null && status < 400 : a.s === 'true',
    bytes: Number.isFinite(sent) ? sent : 0,
    line: o.line,
  };
}

export class JmeterXmlReader {
  readonly facts: LogFacts = { tool: 'jmeter', variant: 'xml', hasMethod: false };

  constructor(private readonly file: string) {}

  async *read(chunks: AsyncIterable<LineChunk>): AsyncGenerator<RequestChunk> {
    const parser = new SaxesParser({ position: true });
    let out: LogRequest[] = [];
    let depth = 0;
    let top: Open | null = null;
    let field: 'method' | 'url' | null = null;
    let text = '';
    parser.on('opentag', (tag: SaxesTag) => {
      depth++;
      if (depth === 1 && tag.name === 'testResults' && typeof tag.attributes.version === 'string')
        this.facts.version = tag.attributes.version;
      if (depth === 2 && SAMPLE.has(tag.name))
        top = { attrs: tag.attributes as Record<string, string>, line: parser.line, method: null, url: null };
      else if (depth === 3 && top !== null && (tag.name === 'method' || tag.name === 'java.net.URL')) {
        field = tag.name === 'method' ? 'method' : 'url';
        text = '';
      }
    });
    parser.on('text', (t) => {
      if (field !== null) text += t;
    });
    parser.on('closetag', () => {
      if (depth === 3 && field !== null && top !== null) {
        const v = text.trim();
        if (field === 'method' && v !== '') {
          top.method = v.toUpperCase();
          this.facts.hasMethod = true;
        } else if (field === 'url' && v !== '') top.url = v;
        field = null;
      }
      if (depth === 2 && top !== null) {
        out.push(requestOf(top, this.file));
        top = null;
      }
      depth--;
    });
    for await (const c of chunks) {
      try {
        if (c.lines.length > 0) parser.write(c.end ? c.lines.join('\n') : `${c.lines.join('\n')}\n`);
        if (c.end) parser.close();
      } catch (e) {
        const line = top === null ? parser.line : (top as Open).line;
        throw badLine(this.file, line, `not well-formed XML (${firstLine(e)})`, HINT);
      }
      const ready = out;
      out = [];
      yield { requests: ready, otherLines: 0 };
    }
  }
}

const firstLine = (e: unknown): string =>
  ((e as Error).message ?? String(e)).split('\n')[0]?.replace(/^[^:]*:\d+:\d+: /, '') ?? '';
