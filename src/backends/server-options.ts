/**
 * The options the server backends share (--url, --ca, --user), stated once, and the HTTP target
 * options every HTTP backend builds from them: Basic auth with the password from the environment
 * only, or the bearer token of INGEST_SCALE_TOKEN (the target refuses both together).
 */
import { UsageError } from '../errors.js';
import {
  flagValue,
  type Access,
  type BackendOptionSpec,
  type RecordedTarget,
  type TargetContext,
} from './backend-module.js';
import type { HttpTargetOptions } from './http/http-target.js';

export const URL_OPTION: BackendOptionSpec = {
  flag: '--url',
  value: '<url>',
  help: 'target URL of a server backend, e.g. http://127.0.0.1:8080/fedora',
};

export const CA_OPTION: BackendOptionSpec = {
  flag: '--ca',
  value: '<file.pem>',
  help: 'trust this CA for an https target (certificates are always verified)',
  commands: ['run', 'clean'],
};

export const USER_OPTION: BackendOptionSpec = {
  flag: '--user',
  value: '<name>',
  help: 'user for HTTP Basic auth (sent preemptively); the password is read from the INGEST_SCALE_PASSWORD environment variable. For a bearer token set INGEST_SCALE_TOKEN instead (not with --user)',
  commands: ['run', 'clean'],
};

/** The shared options of the HTTP backends that send Authorization (s3 signs instead). */
export const HTTP_OPTIONS: readonly BackendOptionSpec[] = [URL_OPTION, USER_OPTION, CA_OPTION];

/** The target URL a server backend needs, or the usage error naming --url. */
export function requireUrl(flags: Readonly<Record<string, unknown>>, backend: string): string {
  const url = flagValue(flags, URL_OPTION);
  if (!url)
    throw new UsageError(
      'E_BAD_FLAG',
      `--backend ${backend} needs --url`,
      `e.g. --backend ${backend} --url http://127.0.0.1:8080/`,
    );
  return url;
}

type Secrets = Pick<TargetContext, 'concurrency' | 'password' | 'token' | 'timeouts'>;

/** HTTP target options from --user/--ca (flags of run or clean), the secrets and the concurrency. */
export function httpTarget(url: string, flags: Readonly<Record<string, unknown>>, s: Secrets): HttpTargetOptions {
  const user = flagValue(flags, USER_OPTION);
  const caFile = flagValue(flags, CA_OPTION);
  return {
    url,
    connections: s.concurrency,
    ...(user === undefined ? {} : { user }),
    ...(user !== undefined && s.password ? { password: s.password } : {}),
    ...(s.token ? { token: s.token } : {}),
    ...(caFile === undefined ? {} : { caFile }),
    ...(s.timeouts === undefined ? {} : { timeouts: s.timeouts }),
  };
}

/** The context of a clean (or a resume): the run's own id and workload, the access it was given. */
export function cleanContext(run: RecordedTarget, access: Access): TargetContext {
  return {
    runId: run.id,
    workload: run.workload,
    dataDir: run.target,
    purpose: access.purpose ?? 'clean',
    concurrency: access.concurrency,
    ...(access.password === undefined ? {} : { password: access.password }),
    ...(access.token === undefined ? {} : { token: access.token }),
    ...(access.clientId === undefined ? {} : { clientId: access.clientId }),
    ...(access.clientSecret === undefined ? {} : { clientSecret: access.clientSecret }),
    ...(access.timeouts === undefined ? {} : { timeouts: access.timeouts }),
  };
}

/** A detail the run recorded about its target, as a string (or undefined). */
export function recordedString(run: RecordedTarget, key: string): string | undefined {
  const v = run.targetInfo?.details?.[key];
  return typeof v === 'string' ? v : undefined;
}
