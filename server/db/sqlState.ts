/**
 * The database's report inside an error: the first error along its `cause` chain (drizzle wraps the driver's) that
 * carries a SQLSTATE code, with the constraint it names if any. Undefined when no error on the chain has one.
 */
export function sqlError(error: unknown): { code: string; constraint?: string } | undefined {
  for (let cause = error, depth = 0; cause && depth < 5; cause = (cause as { cause?: unknown }).cause, depth += 1) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, ...(typeof constraint === 'string' ? { constraint } : {}) };
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
