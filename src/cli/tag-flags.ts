/** `--tag KEY=VALUE` (repeatable) of run and import: parsed into a run's tags, every mistake exit 2. */
import { UsageError } from '../errors.js';
import { tagProblem, type RunTags } from '../model/run-tags.js';

export const TAG_FLAG_HELP =
  'tag the run, e.g. --tag version=6.5.1 --tag commit=3f2a9c1 (repeatable; `history` groups runs by a tag). KEY: a letter, then at most 63 letters, digits, "_", "." or "-"; VALUE: printable, at most 200 characters';

/** Commander's collector of a repeatable flag. */
export const collectTag = (value: string, previous: string[] = []): string[] => [...previous, value];

export function parseTagFlags(values: readonly string[] | undefined, flag = '--tag'): RunTags {
  const tags: RunTags = {};
  for (const raw of values ?? []) {
    const eq = raw.indexOf('=');
    if (eq <= 0)
      throw new UsageError('E_BAD_TAG', `${flag} "${raw}" is not KEY=VALUE`, `write e.g. ${flag} version=6.5.1`);
    const key = raw.slice(0, eq);
    const value = raw.slice(eq + 1);
    const problem = tagProblem(key, value);
    if (problem !== null)
      throw new UsageError('E_BAD_TAG', `${flag} "${raw}": ${problem}`, `write e.g. ${flag} version=6.5.1`);
    if (Object.hasOwn(tags, key) && tags[key] !== value)
      throw new UsageError(
        'E_BAD_TAG',
        `${flag} ${key} is given twice (${tags[key]}, ${value})`,
        `give ${flag} ${key}=… once`,
      );
    tags[key] = value;
  }
  return tags;
}
