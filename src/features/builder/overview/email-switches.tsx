import type { NotificationPreferences } from '../../../../contract/timeline'
import { useCallFor } from '../use-client'
import { useNotifications } from '../use-timeline'
import { FieldAlert } from '../../../components/form/field-alert'

const SWITCHES: { key: keyof NotificationPreferences; label: string }[] = [
  { key: 'inspectionReminders', label: 'Email me about inspections' },
  { key: 'stepUpdates', label: 'Email me about step updates' },
  { key: 'warrantyReminders', label: 'Email me about warranties' },
  { key: 'tradeInsurance', label: "Email me about trades' insurance" },
]

/** The client's email switches (PRODUCT.md §9), each saved as soon as it is flipped. */
export function EmailSwitches() {
  const preferences = useNotifications()
  const calls = useCallFor('setNotifications')
  return (
    <section className="overview-card" aria-labelledby="overview-emails">
      <h2 id="overview-emails">Emails</h2>
      {preferences ? (
        <ul className="email-switches">
          {SWITCHES.map(({ key, label }) => (
            <li key={key}>
              <label>
                <input
                  type="checkbox"
                  role="switch"
                  checked={preferences[key]}
                  disabled={calls.pending !== null}
                  onChange={(event) =>
                    calls.run({
                      name: 'setNotifications',
                      body: { ...preferences, [key]: event.target.checked },
                    })
                  }
                />
                {label}
              </label>
            </li>
          ))}
        </ul>
      ) : (
        <p>Loading your email settings…</p>
      )}
      <FieldAlert message={calls.failure?.message} />
    </section>
  )
}
