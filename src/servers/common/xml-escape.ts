/** Escaping for XML and HTML text and attribute values written by reference servers. */

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/**
 * Escapes the five XML specials and drops characters XML 1.0 cannot carry at all (C0 controls other
 * than tab, CR, LF; lone surrogates; U+FFFE/U+FFFF), so any stored label still yields well-formed XML.
 */
export function escapeXml(value: string): string {
  return value
    .replace(
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      '',
    )
    .replace(/[&<>"']/g, (c) => XML_ENTITIES[c] ?? c);
}

/** HTML text and attribute escaping (same set; kept as a name so call sites say what they write). */
export const escapeHtml = escapeXml;

/** One element `<name>value</name>`, escaped; an empty value gives `<name></name>`. */
export function xmlElement(name: string, value: string | number | boolean): string {
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}
