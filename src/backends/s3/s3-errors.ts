/**
 * S3 error responses: the XML body's <Code> and <Message> become the operation's error code
 * (E_S3_<Code>); throttling is retried; credential errors stop the run naming what to check.
 */
import { RunFailedError } from '../../errors.js';
import { HttpOpError } from '../http/target-errors.js';

export interface S3ErrorBody {
  code: string;
  message: string;
}

export function parseS3Error(text: string): S3ErrorBody | null {
  const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
  if (!code) return null;
  return { code, message: /<Message>([^<]*)<\/Message>/.exec(text)?.[1] ?? '' };
}

/** SlowDown, 503 and 500 InternalError are worth another attempt after a pause. */
export function isRetryable(status: number, err: S3ErrorBody | null): boolean {
  return (
    status === 503 ||
    err?.code === 'SlowDown' ||
    err?.code === 'RequestTimeout' ||
    (status === 500 && err?.code === 'InternalError')
  );
}

const CREDENTIAL_HINTS: Record<string, string> = {
  SignatureDoesNotMatch:
    'the secret key does not match the access key: check AWS_SECRET_ACCESS_KEY (or aws_secret_access_key of the --profile)',
  InvalidAccessKeyId:
    'the access key is unknown to this endpoint: check AWS_ACCESS_KEY_ID (or aws_access_key_id of the --profile)',
  AccessDenied: "the credentials may not do this: check the user's permissions on the bucket",
  ExpiredToken: 'the session token has expired: refresh AWS_SESSION_TOKEN',
  InvalidToken: 'the session token is not valid: check AWS_SESSION_TOKEN',
};

/**
 * Turns a non-success response into the error to throw: RunFailedError for credentials, else an
 * operation error that keeps the request and the answer (the target error where the run needs it).
 */
export function s3Failure(
  status: number,
  text: string,
  what: string,
  target: string,
  asked: { method: string; path: string },
): Error {
  const err = parseS3Error(text);
  const code = err?.code ?? `HTTP_${status}`;
  const hint = CREDENTIAL_HINTS[code];
  if (hint && code !== 'AccessDenied') {
    return new RunFailedError(
      'E_AUTH',
      `${target} refused the request signature: ${code} (HTTP ${status}) on ${what}`,
      { hint },
    );
  }
  if (status === 403 && code === 'AccessDenied')
    return new RunFailedError('E_AUTH', `${target}: AccessDenied (HTTP 403) on ${what}`, {
      hint: CREDENTIAL_HINTS.AccessDenied as string,
    });
  return new HttpOpError(`E_S3_${code}`, `${what}: HTTP ${status} ${code}${err?.message ? `: ${err.message}` : ''}`, {
    ...asked,
    status,
    text,
  });
}
