import { Link } from '@tanstack/react-router'
import { addDays, formatISO } from 'date-fns'
import { BID_LIMITS, BidRequestBody } from '../../../../contract/bids'
import type { StepSlug } from '../../../../contract/construction'
import type { Trade } from '../../../../contract/trades'
import { FieldError } from '../../../components/form/field-frame'
import { FormDialog } from '../../../components/form/form-dialog'
import { TextAreaField } from '../../../components/form/text-area-field'
import { useContractForm } from '../../../components/form/use-contract-form'
import { TextField } from '../../../components/text-field'
import { useFormCall } from '../use-form-call'
import { useToday } from '../../../app/clock'
import { day } from '../../../../contract/schedule-spans'

const isoDay = (date: Date) => formatISO(date, { representation: 'date' })

type Props = {
  step: StepSlug
  title: string
  /** The client's trades of the step. */
  trades: Trade[]
  /** The trades with an open request for the step: they cannot be asked again yet. */
  asked: ReadonlySet<string>
  onClose: () => void
}

/**
 * "Request bids": the trades of the step to ask, the day bids are due (tomorrow to 60 days
 * ahead; the server checks it against the project's day) and a message for them.
 */
export function RequestBidsDialog({ step, title, trades, asked, onClose }: Props) {
  const today = day(useToday()())
  const form = useContractForm(
    BidRequestBody,
    useFormCall((c) => c.name === 'requestBids' && c.body.step === step, onClose),
    {
      initial: () => ({
        tradeIds: [] as string[],
        dueOn: isoDay(addDays(today, 14)),
        message: '',
      }),
      toBody: (values) => ({ ...values, step, message: values.message.trim() || undefined }),
      missing: { dueOn: 'Choose the day bids are due' },
      toCall: (body) => ({ name: 'requestBids' as const, body }),
    },
  )
  const chosen = form.values.tradeIds
  const toggle = (id: string) =>
    form.set('tradeIds')(chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id])
  const tradesId = form.field('tradeIds').id
  const tradesError = form.error('tradeIds')
  return (
    <FormDialog
      title="Request bids"
      lead={
        <p className="bids-lead">
          Each trade gets an email with its own link to see the job and bid on {title}.
        </p>
      }
      form={form}
      className="bids-form"
      submitLabel="Send requests"
      busyLabel="Sending…"
      onClose={onClose}
    >
      <fieldset
        className="bids-trades"
        aria-describedby={tradesError ? `${tradesId}-error` : undefined}
      >
        <legend className="field-label">Trades</legend>
        {trades.length === 0 ? (
          <p>You have no trades for this step yet.</p>
        ) : (
          <ul>
            {trades.map((trade) => (
              <li key={trade.id}>
                <label>
                  <input
                    type="checkbox"
                    checked={chosen.includes(trade.id)}
                    disabled={asked.has(trade.id)}
                    aria-invalid={tradesError ? true : undefined}
                    aria-describedby={asked.has(trade.id) ? `${tradesId}-${trade.id}` : undefined}
                    onChange={() => toggle(trade.id)}
                  />
                  {trade.company}
                </label>
                {asked.has(trade.id) && (
                  <span id={`${tradesId}-${trade.id}`} className="bids-asked">
                    Already asked
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
        <FieldError id={tradesId} error={tradesError} />
        <Link to="/builder/$page" params={{ page: 'trades' }}>
          Add a trade
        </Link>
      </fieldset>
      <TextField
        {...form.field('dueOn')}
        label="Due date"
        type="date"
        min={isoDay(addDays(today, 1))}
        max={isoDay(addDays(today, BID_LIMITS.dueDays))}
        hint={`From tomorrow to ${BID_LIMITS.dueDays} days ahead`}
      />
      <TextAreaField
        {...form.field('message')}
        label="Message"
        rows={4}
        maxLength={BID_LIMITS.message}
        placeholder="e.g. Plans attached; the yard gate is on the left."
      />
    </FormDialog>
  )
}
