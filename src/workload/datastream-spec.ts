/**
 * `--datastream ID:SIZE[:KIND]`: one datastream of every object. SIZE may itself contain colons
 * (lognormal:64KiB:1), so the id is the first field, KIND the last when it names a kind, and the
 * rest is the size.
 */
import { UsageError } from '../errors.js';
import { parseSizeSpec } from './size.js';
import { CONTENT_KINDS, defaultMime, type ContentKind, type DatastreamSpec } from './workload.js';

export const DATASTREAM_ID_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const RESERVED_IDS = new Set(['AUDIT', 'FEDORA-AUDITTRAIL', 'DC', 'RELS-EXT']);

export function validateDatastreamId(id: string, where: string): void {
  if (!DATASTREAM_ID_RE.test(id)) {
    throw new UsageError(
      'E_BAD_WORKLOAD',
      `${where}: datastream id "${id}" is not valid`,
      'use 1-64 letters, digits, ".", "_" or "-", starting with a letter or digit',
    );
  }
  if (RESERVED_IDS.has(id.toUpperCase())) {
    throw new UsageError(
      'E_BAD_WORKLOAD',
      `${where}: datastream id "${id}" is reserved by Fedora`,
      'pick another id, e.g. OBJ',
    );
  }
}

export function parseContentKind(text: string, where: string): ContentKind {
  if ((CONTENT_KINDS as readonly string[]).includes(text)) return text as ContentKind;
  throw new UsageError(
    'E_BAD_WORKLOAD',
    `${where}: content kind "${text}" is unknown`,
    `use one of: ${CONTENT_KINDS.join(', ')}`,
  );
}

/** EDIT of `versioned:EDIT`: a percentage (`1%`, `0.5%`) or a fraction (`0.01`), above 0 and at most 1. */
export function parseEdit(text: string, where: string): number {
  const m = /^(\d+(?:\.\d+)?)(%?)$/.exec(text.trim());
  const f = m ? Number(m[1]) / (m[2] === '%' ? 100 : 1) : NaN;
  if (!(f > 0 && f <= 1))
    throw new UsageError(
      'E_BAD_WORKLOAD',
      `${where}: versioned:${text} is not an edit share`,
      'give versioned:EDIT with EDIT a percentage above 0, e.g. versioned:1% or versioned:0.5%',
    );
  return f;
}

export function parseDatastreamFlag(text: string): DatastreamSpec {
  const where = `--datastream ${text}`;
  const fields = text.split(':');
  if (fields.length < 2) {
    throw new UsageError(
      'E_BAD_FLAG',
      `${where}: expected ID:SIZE[:KIND]`,
      'e.g. --datastream OBJ:100KiB, --datastream OBJ:uniform:1KiB-1MiB:compressible or --datastream OBJ:1MiB:versioned:1%',
    );
  }
  const id = fields[0] ?? '';
  validateDatastreamId(id, where);
  if (fields.length >= 4 && fields[fields.length - 2] === 'versioned') {
    const size = parseSizeSpec(fields.slice(1, -2).join(':'), `${where}: size`);
    return {
      id,
      size,
      contentKind: 'random',
      mime: defaultMime('random'),
      edit: parseEdit(fields[fields.length - 1] ?? '', where),
    };
  }
  let kind: ContentKind = 'random';
  let sizeFields = fields.slice(1);
  const last = sizeFields[sizeFields.length - 1] ?? '';
  if (sizeFields.length > 1 && /^[a-z]+$/.test(last) && !['uniform', 'lognormal'].includes(last)) {
    kind = parseContentKind(last, where);
    sizeFields = sizeFields.slice(0, -1);
  }
  const size = parseSizeSpec(sizeFields.join(':'), `${where}: size`);
  return { id, size, contentKind: kind, mime: defaultMime(kind) };
}
