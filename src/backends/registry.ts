/**
 * Backend registry: name → description and factory. Other backends (fedora3, ldp, s3) register
 * beside `leveldb` here; the CLI lists them in `--help` and rejects unknown names with the list.
 */
import type { BackendName } from './backend-names.js';
import { UsageError } from '../errors.js';
import type { Backend } from './backend.js';
import { Fedora3Backend } from './fedora3/fedora3-backend.js';
import { parseTargetUrl, type HttpTargetOptions, type HttpTimeouts } from './http/http-target.js';
import { MIN_PART_SIZE, S3Backend } from './s3/s3-backend.js';
import { HttpPutBackend } from './http-put/http-put-backend.js';
import type { CollectionsMode } from './http-put/dav-collections.js';
import type { FlavorName } from './ldp/flavor.js';
import { LdpBackend } from './ldp/ldp-backend.js';
import type { Workload } from '../workload/workload.js';
import { LevelDbBackend } from './leveldb/leveldb-backend.js';

/** Everything a factory may need; each backend reads the fields it knows. */
export interface BackendOptions {
  /** Data directory of an embedded store. */
  dataDir: string;
  /** Target URL of a remote backend. */
  url?: string;
  /** User for Basic auth; the password comes only from the environment (INGEST_SCALE_PASSWORD). */
  user?: string;
  password?: string;
  /** Bearer token (INGEST_SCALE_TOKEN, environment only) for every HTTP backend but s3; not with `user`. */
  token?: string;
  /** PEM file of a private CA for https targets. */
  caFile?: string;
  /** Fedora 3 PID namespace. */
  pidNamespace?: string;
  /** Objects in flight: HTTP backends size their connection pools to it. */
  concurrency: number;
  /** The run this backend serves (LDP names its run container after it). */
  runId?: string;
  /** Layout of the run's objects (where LDP puts containers). */
  workload?: Pick<Workload, 'layout' | 'fanout'> & Partial<Pick<Workload, 'datastreams'>>;
  /** 'clean' reopens an existing run's target instead of preparing a new one. */
  purpose?: 'run' | 'clean';
  ldp?: { flavor?: FlavorName; create?: 'put' | 'post'; tx?: 'none' | 'per-batch'; purgeTombstones?: boolean };
  s3?: S3Flags;
  /** http-put: make collections with MKCOL (default) or PUT straight to each path. */
  httpPut?: { collections?: CollectionsMode };
  /** --request-timeout and --connect-timeout of every HTTP backend. */
  timeouts?: HttpTimeouts;
}

/** S3 settings from flags (credentials come from the environment or --profile, never from here). */
export interface S3Flags {
  bucket?: string;
  region?: string;
  pathStyle?: boolean;
  profile?: string;
  unsignedPayload?: boolean;
  multipartThreshold?: number;
  partSize?: number;
  /** Parts below S3's 5 MiB minimum (for stores that accept them). */
  allowSmallParts?: boolean;
  createBucket?: boolean;
  allowExisting?: boolean;
}

function isIpOrLocal(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || /^[\d.]+$/.test(host) || host.startsWith('[');
}

function httpOptions(o: BackendOptions): HttpTargetOptions {
  return {
    url: o.url ?? '',
    connections: o.concurrency,
    ...(o.user === undefined ? {} : { user: o.user }),
    ...(o.password === undefined ? {} : { password: o.password }),
    ...(o.token === undefined ? {} : { token: o.token }),
    ...(o.caFile === undefined ? {} : { caFile: o.caFile }),
    ...(o.timeouts === undefined ? {} : { timeouts: o.timeouts }),
  };
}

export interface BackendEntry {
  name: BackendName;
  description: string;
  /** Whether it needs --url. */
  needsUrl: boolean;
  create(opts: BackendOptions): Backend;
}

const ENTRIES: BackendEntry[] = [
  {
    name: 'leveldb',
    description: 'embedded LevelDB object store in this process (the default; needs no server)',
    needsUrl: false,
    create: (o) => new LevelDbBackend({ dataDir: o.dataDir }),
  },
  {
    name: 'fedora3',
    description: 'Fedora 3.x REST API (--url http://HOST:8080/fedora): create object, add managed datastreams with SHA-256 checks',
    needsUrl: true,
    create: (o) => new Fedora3Backend({ ...httpOptions(o), pidNamespace: o.pidNamespace ?? 'bench' }),
  },
  {
    name: 'ldp',
    description: 'Fedora 4/5/6 HTTP API or plain LDP (--url http://HOST:8080/rest --flavor fedora6|fedora5|fedora4|solid): containers and binaries',
    needsUrl: true,
    create: (o) =>
      new LdpBackend({
        ...httpOptions(o),
        flavor: o.ldp?.flavor ?? 'fedora6',
        create: o.ldp?.create ?? 'put',
        tx: o.ldp?.tx ?? 'none',
        purgeTombstones: o.ldp?.purgeTombstones ?? false,
        runId: o.runId ?? 'adhoc',
        workload: o.workload ?? { layout: 'flat', fanout: { width: 16, depth: 2 } },
        purpose: o.purpose ?? 'run',
      }),
  },
  {
    name: 'http-put',
    description: 'plain HTTP PUT per datastream (--url http://HOST:PORT/dav, --collections mkcol|none): WebDAV servers such as Apache mod_dav, rclone, nginx dav_methods',
    needsUrl: true,
    create: (o) =>
      new HttpPutBackend({
        ...httpOptions(o),
        runId: o.runId ?? 'adhoc',
        workload: (o.workload as Workload | undefined) ?? { layout: 'flat', fanout: { width: 16, depth: 2 }, datastreams: [] },
        collections: o.httpPut?.collections ?? 'mkcol',
        purpose: o.purpose ?? 'run',
      }),
  },
  {
    name: 's3',
    description: 'S3 with SigV4 (--url http://HOST:PORT --bucket NAME): one object per datastream, multipart above a threshold',
    needsUrl: true,
    create: (o) => {
      if (!o.s3?.bucket) throw new UsageError('E_BAD_FLAG', '--backend s3 needs --bucket', 'e.g. --bucket ingest-bench');
      const url = parseTargetUrl(o.url ?? '').href;
      const partSize = o.s3.partSize ?? 16 * 2 ** 20;
      if (partSize < MIN_PART_SIZE && o.s3.allowSmallParts !== true) {
        throw new UsageError('E_BAD_FLAG', `--part-size ${Number((partSize / 2 ** 20).toFixed(3))} MiB is below the 5 MiB S3 requires of every part but the last`, 'use --part-size 5MiB or more, or add --allow-small-parts for a store that accepts smaller parts');
      }
      return new S3Backend({
        url,
        bucket: o.s3.bucket,
        region: o.s3.region ?? 'us-east-1',
        pathStyle: o.s3.pathStyle ?? isIpOrLocal(url),
        ...(o.s3.profile === undefined ? {} : { profile: o.s3.profile }),
        ...(o.caFile === undefined ? {} : { caFile: o.caFile }),
        ...(o.timeouts === undefined ? {} : { timeouts: o.timeouts }),
        connections: o.concurrency,
        unsignedPayload: o.s3.unsignedPayload ?? false,
        multipartThreshold: o.s3.multipartThreshold ?? 64 * 2 ** 20,
        partSize,
        createBucket: o.s3.createBucket ?? false,
        allowExisting: o.s3.allowExisting ?? false,
        runId: o.runId ?? 'adhoc',
        workload: o.workload ?? { layout: 'flat', fanout: { width: 16, depth: 2 } },
        purpose: o.purpose ?? 'run',
      });
    },
  },
];

export function backendNames(): string[] {
  return ENTRIES.map((e) => e.name);
}


export function backendEntry(name: string): BackendEntry {
  const entry = ENTRIES.find((e) => e.name === name);
  if (!entry) {
    throw new UsageError('E_UNKNOWN_BACKEND', `--backend "${name}" is unknown`, `use one of: ${backendNames().join(', ')}`);
  }
  return entry;
}

export function createBackend(name: string, opts: BackendOptions): Backend {
  const entry = backendEntry(name);
  if (entry.needsUrl && !opts.url) {
    throw new UsageError('E_BAD_FLAG', `--backend ${name} needs --url`, `e.g. --backend ${name} --url http://127.0.0.1:8080/`);
  }
  return entry.create(opts);
}
