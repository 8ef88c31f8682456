import type { Trade } from '../../../contract/trades'
import { SelectField } from './select-field'

type TradeSelectFieldProps = {
  id: string
  value: string
  onChange: (tradeId: string) => void
  error?: string | undefined
  /** The project's trades that do the step. */
  trades: readonly Trade[]
}

/** A quote's "Trade": one of the step's trades, or "Not a recorded trade" (PRODUCT.md §13). */
export function TradeSelectField({ trades, ...field }: TradeSelectFieldProps) {
  return (
    <SelectField {...field} label="Trade">
      <option value="">Not a recorded trade</option>
      {trades.map((trade) => (
        <option key={trade.id} value={trade.id}>
          {trade.company}
        </option>
      ))}
    </SelectField>
  )
}
