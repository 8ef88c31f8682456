import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { useCallFor, useClientActor } from '../use-client'
import { FieldAlert } from '../../../components/form/field-alert'
import { CallButton } from '../call-button'

/**
 * "Subscribe in your calendar": a secret address of the client's steps and scheduled
 * inspections for any calendar app. The server keeps only its hash, so it is shown once, when
 * made; making a new one stops the old one working.
 */
export function CalendarCard() {
  const url = useSelector(useClientActor(), (snapshot) => snapshot.context.calendarUrl)
  const calls = useCallFor('rotateCalendarToken')
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle')
  const subscribe = () => {
    setCopy('idle')
    calls.run({ name: 'rotateCalendarToken' })
  }
  const copyLink = (address: string) =>
    navigator.clipboard.writeText(address).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    )
  return (
    <section className="timeline-card calendar-card" aria-labelledby="timeline-calendar">
      <h2 id="timeline-calendar">Calendar</h2>
      <p className="calendar-lede">
        See every step and scheduled inspection in Google Calendar, Apple Calendar or Outlook, kept
        up to date as your dates move.
      </p>
      {url && (
        <div className="field calendar-address">
          <label className="field-label" htmlFor="calendar-url">
            Your calendar address
          </label>
          <div className="calendar-copy">
            <input
              id="calendar-url"
              className="field-input"
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
            />
            <button type="button" className="button button-secondary" onClick={() => copyLink(url)}>
              Copy link
            </button>
          </div>
          <p role="status" className="calendar-status">
            {copy === 'copied'
              ? 'Link copied. Add it in your calendar app as a subscription (“From URL”).'
              : copy === 'failed'
                ? 'Your browser did not allow copying: select the address and copy it.'
                : 'Keep it private: anyone with this address sees your dates.'}
          </p>
        </div>
      )}
      <CallButton
        type="button"
        variant="secondary"
        calls={calls}
        busyLabel="Making the address…"
        onClick={subscribe}
      >
        {url ? 'Make a new address' : 'Subscribe in your calendar'}
      </CallButton>
      {url && <p className="calendar-note">A new address stops the old one working.</p>}
      <FieldAlert message={calls.failure?.message} />
    </section>
  )
}
