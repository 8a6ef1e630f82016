/**
 * GET /fedora/objects — findObjects (docs/protocols.md §1.5, FedoraObjectsResource.searchObjects).
 *
 * A search runs only with at least one field flag (`pid=true`, …) or a sessionToken; otherwise the
 * result list is empty. Without terms, `query` is parsed, and a missing query is Fedora's
 * NullPointerException → 500. maxResults defaults to 25 and is capped at 100 (the fieldSearch
 * module's maxResults). Results come in PID order; listSession appears while more remain.
 */
import { send } from '../common/respond.js';
import { serverError } from '../common/http-error.js';
import { type Exchange, type Fedora3Context, intParam, param, wantsXml } from './exchange.js';
import { SEARCHABLE_FIELDS, fieldValues, matchesConditions, matchesTerms, parseQuery } from './search-query.js';
import type { SearchSpec } from './search-sessions.js';
import { findObjectsHtml, findObjectsXml, type ListSession, type ObjectFields } from './xml-repository.js';
import type { ObjectRecord } from './records.js';

const MAX_RESULTS_CAP = 100;

interface Page {
  rows: ObjectFields[];
  total: number;
}

async function runSearch(ctx: Fedora3Context, spec: SearchSpec, cursor: number): Promise<Page> {
  const rows: ObjectFields[] = [];
  let total = 0;
  const matches = (o: ObjectRecord): boolean =>
    spec.terms !== undefined ? matchesTerms(o, spec.terms) : matchesConditions(o, spec.conditions);
  for await (const obj of ctx.store.objects()) {
    if (!matches(obj)) continue;
    if (total >= cursor && rows.length < spec.maxResults) {
      const row: ObjectFields = [];
      for (const f of spec.fields) for (const v of fieldValues(obj, f)) row.push([f, v]);
      rows.push(row);
    }
    total++;
  }
  return { rows, total };
}

export async function handleSearch(ctx: Fedora3Context, x: Exchange): Promise<void> {
  const fields = SEARCHABLE_FIELDS.filter((f) => param(x, f) === 'true');
  const xml = wantsXml(param(x, 'resultFormat'));
  const maxResults = Math.min(Math.max(intParam(x, 'maxResults', 25), 1), MAX_RESULTS_CAP);
  const token = param(x, 'sessionToken');
  const now = Date.now();
  let page: Page | undefined;
  let session: ListSession | undefined;
  let shownFields: readonly string[] = fields;

  if (token !== null) {
    const s = ctx.sessions.get(token, now);
    if (s === undefined) throw serverError('Session is expired or never existed.');
    shownFields = s.spec.fields;
    page = await runSearch(ctx, s.spec, s.cursor);
    const next = s.cursor + page.rows.length;
    const more = next < page.total;
    const cursor = s.cursor;
    ctx.sessions.advance(s, next, more, now);
    if (more) session = { token: s.token, cursor, completeListSize: page.total, expirationMs: s.expiresMs };
  } else if (fields.length > 0) {
    const terms = param(x, 'terms');
    const query = param(x, 'query');
    let spec: SearchSpec;
    if (terms !== null && terms !== '') spec = { fields, maxResults, terms, conditions: [] };
    else if (query === null) throw serverError('findObjects needs terms or query (java.lang.NullPointerException)');
    else spec = { fields, maxResults, terms: undefined, conditions: parseQuery(query) };
    page = await runSearch(ctx, spec, 0);
    if (page.rows.length < page.total) {
      const s = ctx.sessions.open(spec, page.rows.length, now);
      session = { token: s.token, cursor: 0, completeListSize: page.total, expirationMs: s.expiresMs };
    }
  }

  const rows = page?.rows ?? [];
  if (xml) send(x.req, x.res, 200, findObjectsXml(x.baseUrl, rows, session), { 'Content-Type': 'text/xml' });
  else send(x.req, x.res, 200, findObjectsHtml(shownFields, rows, session), { 'Content-Type': 'text/html' });
}
