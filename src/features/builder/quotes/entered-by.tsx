import type { Quote } from '../../../../contract/domain'
import './entered-by.css'

/** Who entered a quote for the owner: a manager's phoned-in bid (PRODUCT.md §18). */
export const EnteredBy = ({ quote }: { quote: Pick<Quote, 'enteredBy'> }) =>
  quote.enteredBy ? <p className="quote-entered-by">entered by {quote.enteredBy}</p> : null
