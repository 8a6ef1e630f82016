/**
 * What the HTTP benchmark hands each client process (one JSON argument) and the one JSON line
 * each prints back: the same shape for ours and the references, so they are timed alike.
 */
export interface ClientArg {
  url: string;
  size: number;
  concurrency: number;
  objects: number;
  warmup: number;
  batchSize?: number;
  /**
   * autocannon only: PUT every request to a path of its own, shaped like the engine's
   * (`<base>/autocannon-<pid>/o<n>/D`), so that a server that stores files (nginx) does the same
   * work for both clients: a new directory and a new file per request, not one file overwritten.
   */
  uniquePaths?: boolean;
  /** engine only: http-put's --collections (default none: one PUT per object, like the references). */
  collections?: 'mkcol' | 'none';
  /** The S3 bucket: the engine drives the s3 backend instead of http-put (credentials from AWS_*); the AWS SDK client writes into it. */
  bucket?: string;
  /** AWS SDK client only: its keys are `<prefix>/o<n>/D`. */
  prefix?: string;
}

export function clientArg(): ClientArg {
  return JSON.parse(process.argv[2] ?? '{}') as ClientArg;
}

/** Prints the result line: requests/s over the timed part, and the process's CPU per request. */
export function printResult(
  a: ClientArg,
  r: {
    failed: number;
    ms: number;
    cpu: NodeJS.CpuUsage;
    requests?: number;
    rps?: number;
    extra?: Record<string, unknown>;
  },
): void {
  const seconds = r.ms / 1000;
  const line = {
    requests: r.requests ?? a.objects,
    failed: r.failed,
    seconds,
    rps: r.rps ?? a.objects / seconds,
    cpuUsPerRequest: (r.cpu.user + r.cpu.system) / a.objects,
    ...(r.extra ?? {}),
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
