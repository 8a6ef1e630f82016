/**
 * S3 credentials, from the standard environment variables (AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN) or a named profile of the shared credentials file
 * (AWS_SHARED_CREDENTIALS_FILE, default ~/.aws/credentials). Never stored, printed or logged.
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../../errors.js';

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** Sections of an INI file: `[name]` then `key = value` lines; `#` and `;` start comments. */
export function parseIni(text: string): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  let section: Map<string, string> | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const head = /^\[\s*(?:profile\s+)?([^\]]+?)\s*\]$/.exec(line);
    if (head) {
      section = new Map();
      out.set(head[1] ?? '', section);
      continue;
    }
    const eq = line.indexOf('=');
    if (eq > 0 && section) section.set(line.slice(0, eq).trim().toLowerCase(), line.slice(eq + 1).trim());
  }
  return out;
}

export function loadCredentials(profile: string | undefined, env: NodeJS.ProcessEnv = process.env): S3Credentials {
  if (profile === undefined) {
    const id = env.AWS_ACCESS_KEY_ID;
    const secret = env.AWS_SECRET_ACCESS_KEY;
    if (!id || !secret) {
      throw new UsageError(
        'E_BAD_FLAG',
        'no S3 credentials: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not both set',
        'set both environment variables, or name a profile of the credentials file with --profile',
      );
    }
    return {
      accessKeyId: id,
      secretAccessKey: secret,
      ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
    };
  }
  const file = env.AWS_SHARED_CREDENTIALS_FILE ?? join(homedir(), '.aws', 'credentials');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(
      'E_FILE_UNREADABLE',
      `--profile ${profile}: cannot read the credentials file ${file} (${(e as NodeJS.ErrnoException).code ?? 'unreadable'})`,
      'create it, or point AWS_SHARED_CREDENTIALS_FILE at it',
    );
  }
  const section = parseIni(text).get(profile);
  const id = section?.get('aws_access_key_id');
  const secret = section?.get('aws_secret_access_key');
  if (!id || !secret) {
    throw new UsageError(
      'E_BAD_FLAG',
      `--profile ${profile}: no aws_access_key_id and aws_secret_access_key in [${profile}] of ${file}`,
      'add both keys to that profile, or use another --profile',
    );
  }
  const token = section?.get('aws_session_token');
  return { accessKeyId: id, secretAccessKey: secret, ...(token ? { sessionToken: token } : {}) };
}
