/**
 * Signed S3 requests: SigV4 by the aws4 library (no hand-rolled crypto), the payload hash either
 * the real SHA-256 of the regenerable content or UNSIGNED-PAYLOAD, always a Content-Length (RGW
 * answers 411 to streaming trailers), path-style or virtual-hosted addressing, and bounded retries
 * with exponential backoff for SlowDown/503 (a real pause between attempts, counted per op).
 */
import { setTimeout as pause } from 'node:timers/promises';
import aws4 from 'aws4';
import type { Dispatcher } from 'undici';
import { HttpTarget, type HttpResult, type HttpTimeouts, type RequestBody } from '../http/http-target.js';
import type { S3Credentials } from './credentials.js';
import { retryPolicy } from '../retry-policy.js';
import { isRetryable, parseS3Error, s3Failure } from './s3-errors.js';

export const UNSIGNED = 'UNSIGNED-PAYLOAD';
export const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

export interface S3ClientOptions {
  url: string;
  bucket: string;
  region: string;
  pathStyle: boolean;
  credentials: S3Credentials;
  connections: number;
  caFile?: string;
  timeouts?: HttpTimeouts;
}

export interface S3Request {
  method: Dispatcher.HttpMethod;
  /** Key (without the bucket), '' for the bucket itself. */
  key: string;
  query?: string;
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body, or UNSIGNED-PAYLOAD. */
  payloadHash: string;
  /** A fresh body per attempt (content is regenerated, never buffered). */
  body?: () => RequestBody;
  readText?: boolean;
  what: string;
}

export const encodeKey = (key: string): string => key.split('/').map(encodeURIComponent).join('/');

export class S3Client {
  readonly http: HttpTarget;
  private readonly host: string;
  private readonly prefix: string;

  constructor(private readonly o: S3ClientOptions) {
    const base = new URL(o.url);
    const virtual = !o.pathStyle;
    if (virtual) base.hostname = `${o.bucket}.${base.hostname}`;
    this.http = new HttpTarget({
      url: base.href,
      connections: o.connections,
      ...(o.caFile ? { caFile: o.caFile } : {}),
      ...(o.timeouts ? { timeouts: o.timeouts } : {}),
    });
    this.host = base.host;
    this.prefix = `${this.http.basePath}${virtual ? '' : `/${o.bucket}`}`;
  }

  get display(): string {
    return `${this.http.display}${this.o.pathStyle ? `/${this.o.bucket}` : ''}`;
  }

  /** One signed request, retried on throttling; resolves with the final response and the attempts made. */
  async send(r: S3Request): Promise<{ res: HttpResult; attempts: number }> {
    const path = `${this.prefix}/${encodeKey(r.key)}${r.query ? `?${r.query}` : ''}`;
    for (let attempt = 1; ; attempt++) {
      const signed = aws4.sign(
        {
          host: this.host,
          path,
          method: r.method,
          service: 's3',
          region: this.o.region,
          headers: { ...(r.headers ?? {}), 'x-amz-content-sha256': r.payloadHash },
        },
        this.o.credentials,
      );
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(signed.headers ?? {}))
        if (v !== undefined) headers[k.toLowerCase()] = String(v);
      const res = await this.http.request(r.method, path, {
        headers,
        body: r.body ? r.body() : null,
        readText: r.readText ?? true,
      });
      if (res.status < 300) return { res, attempts: attempt };
      const err = parseS3Error(res.text);
      // --retries, the same setting as every backend's (retry-policy.ts); S3 retries per signed request, inside the operation
      if (attempt <= retryPolicy().retries && isRetryable(res.status, err)) {
        await pause(Math.min(2000, 50 * 2 ** attempt) * (0.5 + Math.random() / 2));
        continue;
      }
      throw Object.assign(s3Failure(res.status, res.text, r.what, this.display, { method: r.method, path }), {
        attempts: attempt,
      });
    }
  }

  /** GET with the body left for the caller to stream; status/headers checked by the caller. */
  async open(key: string, extra: Record<string, string> = {}): Promise<Awaited<ReturnType<HttpTarget['open']>>> {
    const path = `${this.prefix}/${encodeKey(key)}`;
    const signed = aws4.sign(
      {
        host: this.host,
        path,
        method: 'GET',
        service: 's3',
        region: this.o.region,
        headers: { 'x-amz-content-sha256': EMPTY_SHA256 },
      },
      this.o.credentials,
    );
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(signed.headers ?? {}))
      if (v !== undefined) headers[k.toLowerCase()] = String(v);
    // extra headers (a probe's Range) go unsigned: SigV4 checks only the headers it signed
    return this.http.open('GET', path, { ...headers, ...extra });
  }

  close(): Promise<void> {
    return this.http.close();
  }
}
