/**
 * Repository-level documents (docs/protocols.md §1.1, §1.5): the root redirect page, describe
 * (fedoraRepository, access namespace), findObjects results (types namespace) and nextPID's pidList.
 */
import { isoMillis } from '../common/dates.js';
import { escapeHtml, escapeXml, xmlElement } from '../common/xml-escape.js';
import { NS } from './xml-profiles.js';

const XML_DECL = '<?xml version="1.0" encoding="UTF-8"?>';

export const REPOSITORY_VERSION = '3.8.1';
export const DEFAULT_NAMESPACE = 'changeme';
const OAI_NAMESPACE = 'example.org';
const ADMIN_EMAIL = 'bob@example.org';

/** fcrepo-webapp-fedora index.html: benchtool recognises Fedora 3 by these two strings (§3.1). */
export function indexHtml(): string {
  return (
    '<html>\n<head>\n<title>Redirecting...</title>\n<meta http-equiv="refresh" content="0;url=describe">\n</head>\n' +
    '<body>\n<p>Redirecting to <a href="describe">describe</a>...</p>\n</body>\n</html>\n'
  );
}

export interface DescribeInfo {
  repositoryName: string;
  baseUrl: string;
}

export function describeXml(info: DescribeInfo): string {
  const b = info.baseUrl;
  const samplePid = `${DEFAULT_NAMESPACE}:100`;
  return (
    `${XML_DECL}\n<fedoraRepository xmlns="${NS.access}" xmlns:xsd="http://www.w3.org/2001/XMLSchema" ` +
    `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
    `xsi:schemaLocation="${NS.access} http://www.fedora.info/definitions/1/0/fedoraRepository.xsd">` +
    xmlElement('repositoryName', info.repositoryName) +
    xmlElement('repositoryBaseURL', b) +
    xmlElement('repositoryVersion', REPOSITORY_VERSION) +
    '<repositoryPID>' +
    xmlElement('PID-namespaceIdentifier', DEFAULT_NAMESPACE) +
    xmlElement('PID-delimiter', ':') +
    xmlElement('PID-sample', samplePid) +
    xmlElement('retainPID', '*') +
    '</repositoryPID>' +
    '<repositoryOAI-identifier>' +
    xmlElement('OAI-namespaceIdentifier', OAI_NAMESPACE) +
    xmlElement('OAI-delimiter', ':') +
    xmlElement('OAI-sample', `oai:${OAI_NAMESPACE}:${samplePid}`) +
    '</repositoryOAI-identifier>' +
    xmlElement('sampleSearch-URL', `${b}/objects`) +
    xmlElement('sampleAccess-URL', `${b}/objects/demo:5`) +
    xmlElement('sampleOAI-URL', `${b}/oai?verb=Identify`) +
    xmlElement('adminEmail', ADMIN_EMAIL) +
    '</fedoraRepository>\n'
  );
}

export function describeHtml(info: DescribeInfo): string {
  const row = (k: string, v: string): string => `<tr><td><b>${escapeHtml(k)}</b></td><td>${escapeHtml(v)}</td></tr>`;
  return (
    `<html><head><title>Describe Repository</title></head><body><h2>${escapeHtml(info.repositoryName)}</h2><table>` +
    row('Repository Base URL', info.baseUrl) +
    row('Repository Version', REPOSITORY_VERSION) +
    row('PID Namespace', DEFAULT_NAMESPACE) +
    `</table><p><a href="describe?xml=true">View as XML</a></p></body></html>\n`
  );
}

export interface ListSession {
  token: string;
  cursor: number;
  completeListSize: number;
  expirationMs: number;
}

/** One result row: field name → values, already in SEARCHABLE_FIELDS order. */
export type ObjectFields = Array<[string, string]>;

export function findObjectsXml(
  baseUrl: string,
  rows: readonly ObjectFields[],
  session: ListSession | undefined,
): string {
  let out =
    `${XML_DECL}\n<result xmlns="${NS.types}" xmlns:types="${NS.types}" ` +
    `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
    `xsi:schemaLocation="${NS.types} ${escapeXml(baseUrl)}/schema/findObjects.xsd">\n`;
  if (session) {
    out +=
      `  <listSession>\n    ${xmlElement('token', session.token)}\n    ${xmlElement('cursor', session.cursor)}\n` +
      `    ${xmlElement('completeListSize', session.completeListSize)}\n` +
      `    ${xmlElement('expirationDate', isoMillis(session.expirationMs))}\n  </listSession>\n`;
  }
  out += '  <resultList>\n';
  for (const row of rows) {
    out += '  <objectFields>\n';
    for (const [name, value] of row) out += `      ${xmlElement(name, value)}\n`;
    out += '  </objectFields>\n';
  }
  return `${out}  </resultList>\n</result>\n`;
}

export function findObjectsHtml(
  fields: readonly string[],
  rows: readonly ObjectFields[],
  session: ListSession | undefined,
): string {
  const head = fields.map((f) => `<th>${escapeHtml(f)}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.map(([, v]) => `<td>${escapeHtml(v)}</td>`).join('')}</tr>`).join('\n');
  const more = session
    ? `<p>Viewing results ${session.cursor + 1} to ${session.cursor + rows.length} of ${session.completeListSize}</p>`
    : '';
  return `<html><head><title>Search Repository</title></head><body><h3>Find Objects</h3><table border="1"><tr>${head}</tr>\n${body}</table>${more}</body></html>\n`;
}

export function pidListXml(pids: readonly string[]): string {
  return (
    `${XML_DECL}\n<pidList xmlns="${NS.management}" xmlns:xsd="http://www.w3.org/2001/XMLSchema" ` +
    `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
    `xsi:schemaLocation="${NS.management} http://www.fedora.info/definitions/1/0/pidList.xsd">` +
    pids.map((p) => `  ${xmlElement('pid', p)}\n`).join('') +
    '</pidList>\n'
  );
}

export function simpleHtml(title: string, rows: ReadonlyArray<[string, string]>): string {
  const body = rows.map(([k, v]) => `<tr><td><b>${escapeHtml(k)}</b></td><td>${escapeHtml(v)}</td></tr>`).join('');
  return `<html><head><title>${escapeHtml(title)}</title></head><body><h3>${escapeHtml(title)}</h3><table>${body}</table></body></html>\n`;
}
