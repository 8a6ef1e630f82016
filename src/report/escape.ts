/** Escaping for the text formats the renderers write: XML/HTML and Markdown. */

/** Escapes &, <, >, " and ' for XML and HTML text and attribute values; drops XML-invalid control characters. */
export function escapeXml(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** HTML escaping is XML escaping (&apos; is valid in HTML5). */
export const escapeHtml = escapeXml;

/**
 * Text that goes into a Markdown table cell or paragraph (GitHub-flavoured): backslashes, backticks,
 * asterisks and pipes are escaped; underscores that could start or end emphasis (not between two
 * letters or digits); "[" where link or image syntax follows ("](", "]:" or "]["); < and > as
 * entities so no HTML passes through; newlines become spaces. Plain numbers and "[3.41, 4.59]"
 * stay readable in the raw text.
 */
export function escapeMarkdown(text: string): string {
  const linkish = /\]\s*[(:[]/.test(text);
  return text
    .replace(/\r?\n/g, ' ')
    .replace(/([\\`*|])/g, '\\$1')
    .replace(/(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/g, '\\_')
    .replace(/\[/g, linkish ? '\\[' : '[')
    .replace(/&(?=#?[A-Za-z0-9]+;)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** A fenced code block whose fence is longer than any run of backticks in the text. */
export function fenced(text: string, info = 'text'): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${info}\n${text}\n${fence}`;
}
