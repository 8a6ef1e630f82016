/**
 * Tags of a run (`run --tag version=6.5.1`): facts a user attaches to it, such as the version or the
 * commit of the store under test, by which `history` groups runs. A key is a letter followed by at
 * most 63 letters, digits, `_`, `.` or `-`; a value is printable text of at most 200 characters.
 */

/** Tag key → value; keys in the order given. */
export type RunTags = Record<string, string>;

export const TAG_KEY = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
export const MAX_TAG_VALUE = 200;
/** Printable: no control characters (C0, DEL, C1) and no line or paragraph separators. */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

/** What is wrong with a tag, or null when it is fine. */
export function tagProblem(key: string, value: string): string | null {
  if (!TAG_KEY.test(key))
    return `tag key "${key}" must start with a letter and hold at most 64 letters, digits, "_", "." or "-"`;
  if (value.length === 0) return `tag ${key} has an empty value`;
  if (value.length > MAX_TAG_VALUE)
    return `tag ${key} has a value of ${value.length} characters (at most ${MAX_TAG_VALUE})`;
  if (UNPRINTABLE.test(value)) return `tag ${key} has a value with a control character`;
  return null;
}

/** `version=6.5.1 commit=3f2a9c1`, or '' for none. */
export function tagsText(tags: RunTags | null | undefined): string {
  return Object.entries(tags ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
}
