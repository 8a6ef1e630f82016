/**
 * findObjects matching (docs/protocols.md §1.5).
 *
 * - `terms`: a case-insensitive phrase with `*` and `?` wildcards, matched against the whole value
 *   or any single word of pid, label, ownerId, title and identifier (Fedora's "search all fields").
 * - `query`: `field op value` conditions separated by spaces, all of which must hold; values may be
 *   quoted with ' and use \ escapes. `=` compares the entire value, `~` matches with wildcards
 *   (case-insensitive), `<`, `>`, `<=`, `>=` compare dates (cDate, mDate, dcmDate). A malformed
 *   query or unknown field is an unmapped exception in Fedora → 500.
 *
 * Objects here carry no DC beyond what an empty ingest creates, so title = label (when set) and
 * identifier = pid; other DC fields are always empty.
 */
import { isoMillis, parseXsdDateTime } from '../common/dates.js';
import { serverError } from '../common/http-error.js';
import type { ObjectRecord } from './records.js';

export const SEARCHABLE_FIELDS = [
  'pid',
  'label',
  'state',
  'ownerId',
  'cDate',
  'mDate',
  'dcmDate',
  'title',
  'creator',
  'subject',
  'description',
  'publisher',
  'contributor',
  'date',
  'type',
  'format',
  'identifier',
  'source',
  'language',
  'relation',
  'coverage',
  'rights',
] as const;

type Op = '=' | '~' | '<' | '>' | '<=' | '>=';
export interface Condition {
  field: string;
  op: Op;
  value: string;
}

const DATE_FIELDS = ['cDate', 'mDate', 'dcmDate'];

export function fieldValues(obj: ObjectRecord, field: string): string[] {
  switch (field) {
    case 'pid':
    case 'identifier':
      return [obj.pid];
    case 'label':
      return [obj.label];
    case 'title':
      return obj.label === '' ? [] : [obj.label];
    case 'state':
      return [obj.state];
    case 'ownerId':
      return [obj.ownerId];
    case 'cDate':
      return [isoMillis(obj.createdMs)];
    case 'mDate':
      return [isoMillis(obj.lastModifiedMs)];
    default:
      return [];
  }
}

export function wildcard(pattern: string): RegExp {
  const body = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${body}$`, 'is');
}

function matchesWords(values: readonly string[], re: RegExp): boolean {
  return values.some((v) => re.test(v) || v.split(/\s+/).some((w) => w !== '' && re.test(w)));
}

export function matchesTerms(obj: ObjectRecord, terms: string): boolean {
  const re = wildcard(terms.trim());
  return ['pid', 'label', 'ownerId', 'title'].some((f) => matchesWords(fieldValues(obj, f), re));
}

function compareDate(obj: ObjectRecord, c: Condition): boolean {
  const bound = parseXsdDateTime(c.value);
  if (bound === undefined || Number.isNaN(bound)) throw serverError(`Invalid date in query: ${c.value}`);
  const ms = c.field === 'cDate' ? obj.createdMs : c.field === 'mDate' ? obj.lastModifiedMs : undefined;
  if (ms === undefined) return false;
  switch (c.op) {
    case '=':
      return ms === bound;
    case '<':
      return ms < bound;
    case '>':
      return ms > bound;
    case '<=':
      return ms <= bound;
    case '>=':
      return ms >= bound;
    default:
      throw serverError(`Operator ${c.op} cannot be used with date field ${c.field}`);
  }
}

export function matchesConditions(obj: ObjectRecord, conditions: readonly Condition[]): boolean {
  return conditions.every((c) => {
    if (DATE_FIELDS.includes(c.field)) return compareDate(obj, c);
    const values = fieldValues(obj, c.field);
    if (c.op === '=') return values.includes(c.value);
    if (c.op === '~') return matchesWords(values, wildcard(c.value));
    throw serverError(`Operator ${c.op} can only be used with date fields`);
  });
}

/** Parses `a=x b~'that\'s' c>=z`; every malformation is a 500 (QueryParseException is unmapped). */
export function parseQuery(query: string): Condition[] {
  const out: Condition[] = [];
  let i = 0;
  const fail = (why: string): never => {
    throw serverError(`Query parse error: ${why}`);
  };
  while (i < query.length) {
    if (query[i] === ' ') {
      i++;
      continue;
    }
    const fieldMatch = /^[A-Za-z]+/.exec(query.slice(i));
    if (!fieldMatch) fail(`expected a field name at character ${i}`);
    const field = fieldMatch?.[0] ?? '';
    i += field.length;
    const opMatch = /^(<=|>=|=|~|<|>)/.exec(query.slice(i));
    if (!opMatch) fail(`expected an operator after "${field}"`);
    const op = (opMatch?.[0] ?? '=') as Op;
    i += op.length;
    let value = '';
    const quoted = query[i] === "'";
    let closed = !quoted;
    if (quoted) i++;
    for (; i < query.length; i++) {
      const ch = query[i] ?? '';
      if (ch === '\\') {
        if (i + 1 >= query.length) fail('escape character at end of query');
        value += query[++i] ?? '';
      } else if (quoted && ch === "'") {
        closed = true;
        i++;
        if (i < query.length && query[i] !== ' ') fail("closing ' must be followed by a space or the end");
        break;
      } else if (!quoted && ch === ' ') {
        break;
      } else if (!quoted && /[=~<>']/.test(ch)) {
        fail(`unexpected "${ch}" in value at character ${i}`);
      } else {
        value += ch;
      }
    }
    if (!closed) fail('unterminated quoted value');
    if (!(SEARCHABLE_FIELDS as readonly string[]).includes(field)) fail(`unrecognized field "${field}"`);
    out.push({ field, op, value });
  }
  return out;
}
