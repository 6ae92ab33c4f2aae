/** Booleans are stored as 0/1 integers, so every query runs unchanged on SQLite and PostgreSQL. */
export type Flag = 0 | 1;
