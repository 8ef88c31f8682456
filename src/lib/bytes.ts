const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const
const format = (unit: (typeof UNITS)[number]) =>
  new Intl.NumberFormat('en-US', {
    style: 'unit',
    unit,
    unitDisplay: unit === 'byte' ? 'long' : 'short',
    maximumFractionDigits: unit === 'byte' || unit === 'kilobyte' ? 0 : 1,
  })
const formats = new Map(UNITS.map((unit) => [unit, format(unit)]))

/**
 * A size for people, in the binary steps the limits are set in (20 MB = 20 × 1024² bytes):
 * "512 bytes", "48 kB", "12.4 MB", "1 GB".
 */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes)
  let unit: (typeof UNITS)[number] = 'byte'
  for (const next of UNITS.slice(1)) {
    if (value < 1024) break
    value /= 1024
    unit = next
  }
  return (formats.get(unit) ?? format(unit)).format(value)
}
