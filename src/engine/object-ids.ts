/**
 * Object ids of a run: `<first six characters of the run id>-<object index>`. The engine names the
 * objects it plans with this prefix, and `clean` and `--resume` find the objects of a batch that was
 * never recorded (a run killed inside it) from the batch's intent by the same rule.
 */
export function objectIdPrefix(runId: string): string {
  return `${runId.slice(0, 6)}-`;
}

export function objectIdOf(runId: string, index: number): string {
  return `${objectIdPrefix(runId)}${index}`;
}
