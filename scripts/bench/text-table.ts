/**
 * Plain-text table for a terminal or a report: a header, a rule, then the rows; the first
 * `textColumns` columns are left-aligned, the others (numbers) right-aligned.
 */
export function textTable(rows: readonly (readonly string[])[], textColumns = 1): string {
  const [header, ...body] = rows
  if (!header) return ''
  const widths = header.map((_, i) => Math.max(...rows.map((row) => row[i]?.length ?? 0)))
  const render = (row: readonly string[]) =>
    row
      .map((cell, i) =>
        i < textColumns ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0),
      )
      .join('  ')
      .trimEnd()
  const rule = widths.map((w) => '-'.repeat(w)).join('  ')
  return [render(header), rule, ...body.map(render)].join('\n')
}
