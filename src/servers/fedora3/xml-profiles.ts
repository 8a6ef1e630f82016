/**
 * Object and datastream documents (docs/protocols.md §1.3, §1.4): objectProfile and objectDatastreams
 * in the access namespace, datastreamProfile in the management namespace with its children in
 * DefaultSerializer's order, the auto-created DC record, and the validation report of a 400.
 */
import { isoMillis } from '../common/dates.js';
import { javaUrlEncode } from '../common/url-encoding.js';
import { escapeXml, xmlElement } from '../common/xml-escape.js';
import type { DatastreamRecord, DatastreamVersion, ObjectRecord } from './records.js';

export const NS = {
  access: 'http://www.fedora.info/definitions/1/0/access/',
  management: 'http://www.fedora.info/definitions/1/0/management/',
  types: 'http://www.fedora.info/definitions/1/0/types/',
} as const;

const XSI = 'xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"';
const XML_DECL = '<?xml version="1.0" encoding="UTF-8"?>';

export const FEDORA_OBJECT_MODEL = 'info:fedora/fedora-system:FedoraObject-3.0';
export const DC_FORMAT_URI = 'http://www.openarchives.org/OAI/2.0/oai_dc/';
export const DC_LABEL = 'Dublin Core Record for this object';

export function objectProfileXml(obj: ObjectRecord, baseUrl: string): string {
  const methods = `${baseUrl}/objects/${javaUrlEncode(obj.pid)}/methods/fedora-system%3A3`;
  return (
    `${XML_DECL}<objectProfile xmlns="${NS.access}" ${XSI} ` +
    `xsi:schemaLocation="${NS.access} http://www.fedora.info/definitions/1/0/objectProfile.xsd" pid="${escapeXml(obj.pid)}">` +
    xmlElement('objLabel', obj.label) +
    xmlElement('objOwnerId', obj.ownerId) +
    `<objModels>${xmlElement('model', FEDORA_OBJECT_MODEL)}</objModels>` +
    xmlElement('objCreateDate', isoMillis(obj.createdMs)) +
    xmlElement('objLastModDate', isoMillis(obj.lastModifiedMs)) +
    xmlElement('objDissIndexViewURL', `${methods}/viewMethodIndex`) +
    xmlElement('objItemIndexViewURL', `${methods}/viewItemIndex`) +
    xmlElement('objState', obj.state) +
    '</objectProfile>'
  );
}

/** dsLocation and dsLocationType as Fedora reports them per control group. */
function location(ds: DatastreamRecord, v: DatastreamVersion): [string, string] {
  if (ds.controlGroup === 'M') return [`${ds.pid}+${ds.dsID}+${v.versionId}`, 'INTERNAL_ID'];
  if (ds.controlGroup === 'E' || ds.controlGroup === 'R') return [v.location ?? '', 'URL'];
  return ['', ''];
}

/** The profile's children, in DefaultSerializer.datastreamFieldSerialization order. */
function profileFields(
  ds: DatastreamRecord,
  v: DatastreamVersion,
  checksumValid: boolean | undefined,
  prefix = '',
): string {
  const el = (name: string, value: string | number | boolean): string => xmlElement(prefix + name, value);
  const [loc, locType] = location(ds, v);
  let out =
    el('dsLabel', v.label) +
    el('dsVersionID', v.versionId) +
    el('dsCreateDate', isoMillis(v.createdMs)) +
    el('dsState', ds.state) +
    el('dsMIME', v.mime) +
    el('dsFormatURI', v.formatURI) +
    el('dsControlGroup', ds.controlGroup) +
    el('dsSize', v.size) +
    el('dsVersionable', ds.versionable) +
    el('dsInfoType', '') +
    el('dsLocation', loc) +
    el('dsLocationType', locType) +
    el('dsChecksumType', v.checksumType) +
    el('dsChecksum', v.checksum);
  if (checksumValid !== undefined) out += el('dsChecksumValid', checksumValid);
  for (const alt of v.altIDs) out += el('dsAltID', alt);
  return out;
}

export function datastreamProfileXml(ds: DatastreamRecord, v: DatastreamVersion, checksumValid?: boolean): string {
  return (
    `${XML_DECL}<datastreamProfile xmlns="${NS.management}" ${XSI} ` +
    `xsi:schemaLocation="${NS.management} http://www.fedora.info/definitions/1/0/datastreamProfile.xsd" ` +
    `pid="${escapeXml(ds.pid)}" dsID="${escapeXml(ds.dsID)}">` +
    profileFields(ds, v, checksumValid) +
    '</datastreamProfile>'
  );
}

/** GET /objects/{pid}/datastreams?format=xml (listDatastreams). */
export function objectDatastreamsXml(
  pid: string,
  list: readonly DatastreamRecord[],
  current: (ds: DatastreamRecord) => DatastreamVersion,
  baseUrl: string,
): string {
  const items = list
    .map((ds) => {
      const v = current(ds);
      return `<datastream dsid="${escapeXml(ds.dsID)}" label="${escapeXml(v.label)}" mimeType="${escapeXml(v.mime)}"/>`;
    })
    .join('');
  return (
    `${XML_DECL}<objectDatastreams xmlns="${NS.access}" ${XSI} ` +
    `xsi:schemaLocation="${NS.access} ${escapeXml(baseUrl)}/schema/listDatastreams.xsd" ` +
    `pid="${escapeXml(pid)}" baseURL="${escapeXml(baseUrl)}/">${items}</objectDatastreams>`
  );
}

/** The DC datastream content Fedora builds for an object created without FOXML (DefaultDOManager.populateDC). */
export function dublinCoreXml(pid: string, label: string): string {
  const title = label === '' ? '' : `\n  ${xmlElement('dc:title', label)}`;
  return (
    '<oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" xmlns:dc="http://purl.org/dc/elements/1.1/" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
    'xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/oai_dc/ http://www.openarchives.org/OAI/2.0/oai_dc.xsd">' +
    `${title}\n  ${xmlElement('dc:identifier', pid)}\n</oai_dc:dc>\n`
  );
}

/** A 400 ObjectValidityException body: a validation report (text/xml), as §1.1 describes. */
export function validationXml(pid: string, problem: string): string {
  return (
    `${XML_DECL}<validation xmlns="${NS.management}" pid="${escapeXml(pid)}" valid="false">` +
    `<asOfDateTime></asOfDateTime><contentModels></contentModels>` +
    `<problems>${xmlElement('problem', problem)}</problems><datastreamProblems></datastreamProblems></validation>`
  );
}
