/**
 * The Fedora 6 transaction endpoint (docs/protocols.md §2.7, §5.22):
 *   POST   /rest/fcr:tx       → 201, Location …/rest/fcr:tx/{uuid}, Expires, Atomic-Expires,
 *                               Link <same>; rel="…transaction#commitEndpoint"
 *   GET    /rest/fcr:tx/{id}  → 204 + Atomic-Expires (status)
 *   POST   /rest/fcr:tx/{id}  → 204 + Atomic-Expires (refresh)
 *   PUT    /rest/fcr:tx/{id}  → 204 (commit)
 *   DELETE /rest/fcr:tx/{id}  → 204 (rollback)
 * Unknown id → 404; committed, rolled back or expired → 410.
 */
import { HttpError, methodNotAllowed } from '../common/http-error.js';
import { httpDate } from '../common/dates.js';
import type { LdpContext } from './ldp-context.js';
import { sendHeaders } from './ldp-http.js';
import { txUri } from './sessions.js';
import type { Transaction } from './transactions.js';

const COMMIT_ENDPOINT = 'http://fedora.info/definitions/v4/transaction#commitEndpoint';

function expiryHeaders(tx: Transaction): Record<string, string> {
  const when = httpDate(tx.expiresAt);
  return { 'Atomic-Expires': when, Expires: when };
}

export function handleTxCollection(ctx: LdpContext): void {
  if (ctx.req.method !== 'POST') throw methodNotAllowed(['POST']);
  const tx = ctx.writer.txm.create();
  const uri = txUri(ctx.base, tx.id);
  sendHeaders(ctx.req, ctx.res, 201, {
    Location: uri,
    Link: `<${uri}>; rel="${COMMIT_ENDPOINT}"`,
    'Content-Length': '0',
    ...expiryHeaders(tx),
  });
}

function openTx(ctx: LdpContext, id: string): Transaction {
  const found = ctx.writer.txm.find(id);
  if (found === 'unknown') throw new HttpError(404, `Not Found: no transaction ${id}`);
  if (typeof found === 'string') throw new HttpError(410, `Gone: transaction ${id} is ${found}`);
  return found;
}

export async function handleTx(ctx: LdpContext, id: string): Promise<void> {
  const { writer } = ctx;
  switch (ctx.req.method) {
    case 'GET':
    case 'HEAD': {
      const tx = openTx(ctx, id);
      sendHeaders(ctx.req, ctx.res, 204, expiryHeaders(tx));
      return;
    }
    case 'POST': {
      const tx = openTx(ctx, id);
      writer.txm.refresh(tx);
      sendHeaders(ctx.req, ctx.res, 204, expiryHeaders(tx));
      return;
    }
    case 'PUT':
      await writer.exclusive(async () => writer.txm.commit(openTx(ctx, id)));
      sendHeaders(ctx.req, ctx.res, 204, {});
      return;
    case 'DELETE':
      await writer.exclusive(async () => writer.txm.rollback(openTx(ctx, id)));
      sendHeaders(ctx.req, ctx.res, 204, {});
      return;
    default:
      throw methodNotAllowed(['GET', 'HEAD', 'POST', 'PUT', 'DELETE']);
  }
}
