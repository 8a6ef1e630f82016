/**
 * Reading a response head's text (http1-response-parser.ts) without splitting it more than needed:
 * status digits, header names compared in place, comma-separated tokens found in place, and the
 * header map built only when asked for. Header names and tokens match case-insensitively (letters
 * only fold); a repeated header becomes an array, as undici gives it.
 */
import type { Headers } from './http1-response-parser.js';

/** The decimal digit at text[i], or -1000 (so that a status with any non-digit comes out negative). */
export function digit(text: string, i: number): number {
  const d = text.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : -1000;
}

/** Whether the comma-separated list v holds token (any case, optional whitespace), without splitting it. */
export function hasToken(v: string, token: string): boolean {
  if (v === '') return false;
  for (let from = 0; ; ) {
    let comma = v.indexOf(',', from);
    if (comma < 0) comma = v.length;
    let a = from;
    let b = comma;
    while (a < b && (v.charCodeAt(a) === 32 || v.charCodeAt(a) === 9)) a++;
    while (b > a && (v.charCodeAt(b - 1) === 32 || v.charCodeAt(b - 1) === 9)) b--;
    if (b - a === token.length && nameIs(v, a, b, token)) return true;
    if (comma === v.length) return false;
    from = comma + 1;
  }
}

/** Whether the header name text[pos, colon) is `lower` in any case (optional whitespace before the colon allowed). */
export function nameIs(text: string, pos: number, colon: number, lower: string): boolean {
  let end = colon;
  while (end > pos && (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 9)) end--;
  if (end - pos !== lower.length) return false;
  for (let k = 0; k < lower.length; k++) {
    const c = text.charCodeAt(pos + k);
    const l = lower.charCodeAt(k);
    // only letters fold (0x20 would also turn a CR into '-')
    if (c !== l && !(l >= 0x61 && l <= 0x7a && (c | 0x20) === l)) return false;
  }
  return true;
}

/** Headers as undici gives them: lower-case names, a repeated header as an array of its values. */
export function parseHeaderLines(text: string, from: number): Headers {
  const headers: Headers = {};
  for (let pos = from; pos < text.length; ) {
    let end = text.indexOf('\r\n', pos);
    if (end < 0) end = text.length;
    const colon = text.indexOf(':', pos);
    const name = text.slice(pos, colon).trim().toLowerCase();
    const value = text.slice(colon + 1, end).trim();
    pos = end + 2;
    const prev = headers[name];
    if (prev === undefined) headers[name] = value;
    else if (Array.isArray(prev)) prev.push(value);
    else headers[name] = [prev, value];
  }
  return headers;
}

export function tokens(v: string): string[] {
  if (v === '') return [];
  return v
    .toLowerCase()
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t.length > 0);
}
