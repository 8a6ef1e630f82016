/** Date formats reference servers write and read: XSD dateTime (UTC) and HTTP-date. */

/**
 * UTC with exactly three fraction digits, `2024-05-01T10:20:30.120Z`: Fedora 3's
 * DateUtility.convertDateToString, used in its profiles and search results.
 */
export function isoMillis(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * XSD dateTime in UTC the way Fedora 3's DateUtility.convertDateToXSDString writes it (purge
 * responses): milliseconds with trailing zeros dropped, and no fraction at all when they are zero
 * (`2024-05-01T10:20:30.12Z`, `2024-05-01T10:20:30Z`).
 */
export function xsdDateTime(ms: number): string {
  const iso = new Date(ms).toISOString(); // 2024-05-01T10:20:30.120Z
  const dot = iso.lastIndexOf('.');
  const frac = iso.slice(dot + 1, -1).replace(/0+$/, '');
  return frac === '' ? `${iso.slice(0, dot)}Z` : `${iso.slice(0, dot)}.${frac}Z`;
}

/** RFC 9110 IMF-fixdate, e.g. `Wed, 01 May 2024 10:20:30 GMT`. */
export function httpDate(ms: number): string {
  return new Date(ms).toUTCString();
}

/** Parses an HTTP-date header; undefined when absent or unparseable (the header is then ignored). */
export function parseHttpDate(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * Parses a dateTime query parameter (XSD dateTime or a bare date; no zone means UTC as in Fedora).
 * Returns undefined for an absent or empty value, NaN for a malformed one.
 */
export function parseXsdDateTime(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const v = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/.test(v)) return Number.NaN;
  const hasZone = /(Z|[+-]\d{2}:\d{2})$/.test(v);
  const withTime = v.includes('T') ? v : `${v}T00:00:00`;
  return Date.parse(hasZone ? withTime : `${withTime}Z`);
}
