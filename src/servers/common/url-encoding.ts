/** Percent-encoding helpers with the exact semantics reference servers must reproduce. */

/**
 * java.net.URLEncoder.encode(s, "UTF-8"): keeps `A-Z a-z 0-9 . - * _`, turns a space into `+`,
 * and percent-encodes every other UTF-8 byte in upper-case hex (so `:` → `%3A`, `~` → `%7E`).
 * Fedora 3 builds its Location headers with it.
 */
export function javaUrlEncode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9.\-*_]/.test(c)) out += c;
    else if (byte === 0x20) out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** True when every `%` in the string starts a two-hex-digit escape. */
export function hasValidEscapes(raw: string): boolean {
  return !/%(?![0-9A-Fa-f]{2})/.test(raw);
}

/**
 * Decodes %XX escapes as UTF-8, the way a servlet container decodes a path parameter. Malformed
 * UTF-8 becomes U+FFFD rather than an exception; callers validate the result's grammar anyway.
 * Assumes hasValidEscapes(raw).
 */
export function decodeSegment(raw: string): string {
  if (!raw.includes('%')) return raw;
  const parts: Buffer[] = [];
  let literal = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === '%' && /^[0-9A-Fa-f]{2}$/.test(raw.slice(i + 1, i + 3))) {
      if (literal !== '') {
        parts.push(Buffer.from(literal, 'utf8'));
        literal = '';
      }
      parts.push(Buffer.from([parseInt(raw.slice(i + 1, i + 3), 16)]));
      i += 2;
    } else {
      literal += c;
    }
  }
  if (literal !== '') parts.push(Buffer.from(literal, 'utf8'));
  return Buffer.concat(parts).toString('utf8');
}
