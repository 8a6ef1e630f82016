/**
 * The query parameters of POST and PUT …/datastreams/{dsID} (docs/protocols.md §1.3), and the MIME type
 * precedence of DatastreamResource.addOrUpdateDatastream (§5 item 5): the mimeType parameter, then the
 * body's own type (multipart part or raw body), then the request Content-Type, then — when modifying —
 * the existing dsMIME. None of them, or a malformed one (MediaType.valueOf throws) → 400.
 */
import { badRequest, serverError } from '../common/http-error.js';
import { type Exchange, boolParam, param } from './exchange.js';
import { MAX_LABEL_LENGTH } from './pid.js';
import type { ControlGroup, State } from './records.js';

export interface DatastreamParams {
  /** POST only; defaults to X. */
  controlGroup: string | undefined;
  dsLocation: string | undefined;
  altIDs: string[] | undefined;
  dsLabel: string | undefined;
  versionable: boolean | undefined;
  dsState: string | undefined;
  formatURI: string | undefined;
  checksumType: string | null;
  checksum: string | null;
  mimeType: string | null;
  ignoreContent: boolean;
}

export function readDatastreamParams(x: Exchange, posted: boolean): DatastreamParams {
  const opt = (name: string): string | undefined => param(x, name) ?? undefined;
  const altIDs = x.target.query.getAll('altIDs');
  const versionable = param(x, 'versionable');
  return {
    controlGroup: posted ? (opt('controlGroup') ?? 'X') : undefined,
    dsLocation: opt('dsLocation') || undefined,
    altIDs: altIDs.length > 0 ? altIDs.filter((a) => a !== '') : undefined,
    dsLabel: opt('dsLabel'),
    // Boolean.valueOf: "true" (any case) is true, anything else false; POST defaults to true.
    versionable: versionable === null ? (posted ? true : undefined) : versionable.toLowerCase() === 'true',
    dsState: opt('dsState') ?? (posted ? 'A' : undefined),
    formatURI: opt('formatURI'),
    checksumType: param(x, 'checksumType'),
    checksum: param(x, 'checksum'),
    mimeType: param(x, 'mimeType'),
    ignoreContent: !posted && boolParam(x, 'ignoreContent', false),
  };
}

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const MEDIA_TYPE = new RegExp(`^\\s*${TOKEN}/${TOKEN}\\s*(;.*)?$`, 's');

export function resolveMime(
  p: DatastreamParams,
  bodyMime: string | undefined,
  requestType: string | undefined,
  existingMime: string | undefined,
): string {
  const mime = p.mimeType ?? bodyMime ?? requestType ?? existingMime;
  if (mime === undefined) throw badRequest('Media type value can not be null: pass mimeType or send a Content-Type');
  if (!MEDIA_TYPE.test(mime)) throw badRequest(`Invalid MIME type: ${mime}`);
  return mime.trim();
}

export function checkControlGroup(value: string): ControlGroup {
  if (value === 'X' || value === 'M' || value === 'E' || value === 'R') return value;
  throw serverError(`Invalid control group: ${value}; must be one of X, M, E or R`);
}

export function checkLabel(label: string | undefined): void {
  if (label !== undefined && label.length > MAX_LABEL_LENGTH) {
    throw serverError(`Datastream label is too long: it may be at most ${MAX_LABEL_LENGTH} characters`);
  }
}

/** On add an invalid dsState is an error (500); on modify Fedora ignores values other than A, I, D. */
export function checkState(value: string | undefined, adding: boolean): State | undefined {
  if (value === 'A' || value === 'I' || value === 'D') return value;
  if (adding) throw serverError(`Invalid datastream state: ${value ?? ''}; must be A, I or D`);
  return undefined;
}
