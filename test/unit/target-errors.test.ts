/**
 * The target error's parts: the server's own message from the bodies real servers send (S3 XML,
 * JSON problem documents, HTML error pages, plain text), the schemes of a WWW-Authenticate header,
 * and refusal hints that name what the server asked for beside what the tool can send.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  asTargetError,
  authError,
  authSchemes,
  HttpOpError,
  serverMessage,
  targetError,
} from '../../src/backends/http/target-errors.js';
import { OpError } from '../../src/backends/op-timer.js';

test('serverMessage: S3 Code and Message, JSON message, HTML title and heading, text; capped to one short line', () => {
  assert.equal(
    serverMessage(
      '<?xml version="1.0"?><Error><Code>InternalError</Code><Message>We encountered an internal error &amp; gave up.</Message></Error>',
    ),
    'InternalError: We encountered an internal error & gave up.',
  );
  assert.equal(
    serverMessage('{"name":"UnauthorizedHttpError","message":"No WebID given","statusCode":401}'),
    'No WebID given',
  );
  assert.equal(
    serverMessage(
      '<html><head><title>500 Internal Server Error</title></head><body><h1>Internal Server Error</h1><p>The server encountered an internal error.</p></body></html>',
    ),
    '500 Internal Server Error — Internal Server Error — The server encountered an internal error.',
  );
  assert.equal(
    serverMessage('  java.lang.NullPointerException\n\tat org.fcrepo.Foo  '),
    'java.lang.NullPointerException at org.fcrepo.Foo',
  );
  assert.equal(
    serverMessage(
      '<b0> <http://purl.org/dc/terms/title> "UnauthorizedHttpError";\n    <http://purl.org/dc/terms/description> "".',
    ),
    'UnauthorizedHttpError',
  );
  assert.equal(
    serverMessage(
      '_:b0 <http://purl.org/dc/terms/title> "ForbiddenHttpError" ; <http://purl.org/dc/terms/description> "No write access" .',
    ),
    'ForbiddenHttpError: No write access',
  );
  assert.equal(serverMessage(''), '');
  const long = serverMessage('x'.repeat(1000));
  assert.ok(long.length <= 160 && long.endsWith('…'));
});

test('authSchemes: every challenge scheme in order, never an auth-param, over one or several headers', () => {
  assert.deepEqual(authSchemes({ 'www-authenticate': 'DPoP algs="ES256 PS256", Bearer realm="Solid"' }), [
    'DPoP',
    'Bearer',
  ]);
  assert.deepEqual(authSchemes({ 'www-authenticate': 'Basic realm="Fedora, the repository", charset="UTF-8"' }), [
    'Basic',
  ]);
  assert.deepEqual(authSchemes({ 'www-authenticate': ['Negotiate', 'Basic realm="x"'] }), ['Negotiate', 'Basic']);
  assert.deepEqual(authSchemes({}), []);
});

test('targetError: one line with the request, the status and the message; a hint by status', () => {
  const e = targetError(
    'GET',
    '/bench/?list-type=2',
    503,
    '<Error><Code>SlowDown</Code><Message>Reduce your request rate</Message></Error>',
    { target: 'http://h:9000/bench' },
  );
  assert.equal(e.code, 'E_TARGET');
  assert.equal(e.exitCode, 4);
  assert.equal(
    e.message,
    'http://h:9000/bench: GET /bench/?list-type=2 answered HTTP 503: "SlowDown: Reduce your request rate"',
  );
  assert.match(e.hint ?? '', /failed on its side/);
  assert.match(targetError('OPTIONS', '/dav', 404, '', { target: 't' }).hint ?? '', /check --url/);
  assert.doesNotMatch(e.message, /\n/);
});

test('authError hints: what the server asks for and what was sent, never a secret', () => {
  const basic = { 'www-authenticate': 'Basic realm="Fedora Repository Server"' };
  assert.match(
    authError('POST', '/f/objects/nextPID', 401, basic, '', {
      target: 't',
      sent: { kind: 'basic', user: 'fedoraAdmin' },
    }).hint ?? '',
    /asks for Basic and refused --user fedoraAdmin: check --user and INGEST_SCALE_PASSWORD/,
  );
  assert.match(
    authError('GET', '/', 401, basic, '', { target: 't', sent: { kind: 'bearer' } }).hint ?? '',
    /asks for Basic: give --user and set INGEST_SCALE_PASSWORD/,
  );
  const solid = { 'www-authenticate': 'DPoP algs="ES256", Bearer realm="Solid"' };
  assert.match(
    authError('GET', '/', 401, solid, '', { target: 't', sent: { kind: 'none' } }).hint ?? '',
    /asks for DPoP\/Bearer \(Solid-OIDC login\); this tool sends Basic auth .* or a bearer token \(INGEST_SCALE_TOKEN\): set INGEST_SCALE_TOKEN/,
  );
  const css = { 'www-authenticate': 'Bearer scope="openid webid"' }; // Community Solid Server 7 with WebACL
  assert.match(
    authError('GET', '/', 401, css, '', { target: 't', sent: { kind: 'none' } }).hint ?? '',
    /asks for Bearer \(Solid-OIDC login\); .*set INGEST_SCALE_TOKEN/,
  );
  assert.doesNotMatch(
    authError('GET', '/', 401, { 'www-authenticate': 'Bearer realm="api"' }, '', {
      target: 't',
      sent: { kind: 'none' },
    }).hint ?? '',
    /Solid/,
  );
  assert.match(
    authError('GET', '/', 401, { 'www-authenticate': 'Negotiate' }, '', { target: 't', sent: { kind: 'none' } }).hint ??
      '',
    /asks for Negotiate, which this tool cannot send/,
  );
  assert.match(
    authError('GET', '/', 401, {}, '', { target: 't', sent: { kind: 'none' } }).hint ?? '',
    /named no scheme/,
  );
  assert.match(
    authError('PUT', '/x', 403, {}, '', { target: 't', sent: { kind: 'basic', user: 'u' } }).hint ?? '',
    /took Basic auth as --user u but does not let it do this/,
  );
});

test('asTargetError: an HTTP operation error becomes the target error, a network one "cannot reach", typed errors pass', () => {
  const http = new HttpOpError('E_HTTP_500', 'x', { method: 'DELETE', path: '/rest/run', status: 500, text: 'boom' });
  assert.match((asTargetError(http, 't') as Error).message, /^t: DELETE \/rest\/run answered HTTP 500: "boom"$/);
  assert.match(
    (asTargetError(new OpError('ECONNRESET', 'socket hang up'), 't') as Error).message,
    /^cannot reach t \(ECONNRESET: socket hang up\)$/,
  );
  const plain = new Error('a bug');
  assert.equal(asTargetError(plain, 't'), plain, 'anything else stays what it is (a bug is still a bug)');
});
