import { TriangleAlert } from 'lucide-react'
import type { Money } from '../../../../contract/money'

/** What needs the client's attention about money, one line each; nothing when all is well. */
export function MoneyWarnings({ warnings }: { warnings: Money['warnings'] }) {
  if (warnings.length === 0) return null
  return (
    <section className="money-warnings" aria-labelledby="money-warnings-title">
      <h2 id="money-warnings-title">Warnings</h2>
      <ul>
        {warnings.map((warning) => (
          <li key={`${warning.step}-${warning.code}`} className="notice notice-warning">
            <TriangleAlert size={18} aria-hidden="true" />
            {warning.message}
          </li>
        ))}
      </ul>
    </section>
  )
}
