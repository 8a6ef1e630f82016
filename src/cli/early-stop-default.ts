/** Early FAIL is on by default for runs planned with at least this many batches (a constant the CLI's help shows without loading the gate). */
export const EARLY_STOP_MIN_PLANNED = 20;
