import { Badge } from '../../components/badge'
import { textColumn, type Column } from './columns'

/**
 * A directory row's name, with a "Sample" badge on the sample data a new database starts with
 * (until an admin edits it). Search, sorting and the CSV keep the name alone.
 */
export const nameColumn = <T extends { sample?: true }>(
  key: string,
  header: string,
  get: (row: T) => string,
): Column<T> => ({
  ...textColumn(key, header, get),
  render: (row) => (
    <span className="name-cell">
      {get(row)}
      {row.sample && <Badge>Sample</Badge>}
    </span>
  ),
})
