/**
 * A run's id: ten characters of digits and lower-case letters (nanoid's customAlphabet makes them
 * in src/store/run-id.ts), short enough to type and safe in paths, object ids and S3 prefixes.
 */
export const RUN_ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
export const RUN_ID_LENGTH = 10;
