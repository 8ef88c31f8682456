type DriverError = { code?: unknown; constraint?: unknown; severity?: unknown; cause?: unknown }

/** True when PostgreSQL refused a write with SQLSTATE `code` (and, if named, that constraint). */
function refusedWith(error: unknown, code: string, constraint?: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as DriverError).cause) {
    const { code: found, constraint: broken } = e as DriverError
    if (found === code && (constraint === undefined || broken === constraint)) return true
  }
  return false
}

/** True when PostgreSQL refused a write for breaking a unique index (SQLSTATE 23505). */
export const isUniqueViolation = (error: unknown, constraint?: string): boolean =>
  refusedWith(error, '23505', constraint)

/** True when PostgreSQL refused a write for breaking the foreign key `constraint` (SQLSTATE 23503). */
export const isForeignKeyViolation = (error: unknown, constraint: string): boolean =>
  refusedWith(error, '23503', constraint)

/** True when PostgreSQL refused a write for breaking the check `constraint` (SQLSTATE 23514). */
export const isCheckViolation = (error: unknown, constraint: string): boolean =>
  refusedWith(error, '23514', constraint)

/**
 * True when PostgreSQL answered a statement with an error (its SQLSTATE and severity): the
 * statement, in a transaction of its own, wrote nothing. Not so for a connection lost on the way,
 * after which it may have been written.
 */
export function isRefusedStatement(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as DriverError).cause) {
    const { code, severity } = e as DriverError
    if (typeof code === 'string' && code.length === 5 && typeof severity === 'string') return true
  }
  return false
}
