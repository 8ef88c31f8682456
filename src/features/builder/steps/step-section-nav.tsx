import { Link } from '@tanstack/react-router'
import { STEP_SECTIONS } from './step-next'

const SECTIONS = [
  { hash: STEP_SECTIONS.choices, label: 'Choices & estimate' },
  { hash: STEP_SECTIONS.quotes, label: 'Quotes' },
  { hash: STEP_SECTIONS.schedule, label: 'Schedule' },
  { hash: STEP_SECTIONS.photos, label: 'Photos & log' },
] as const

/**
 * "On this page": a link to each part of a step page (its warranty once done). Sticky on a wide
 * screen; a row of chips that scrolls sideways on a phone.
 */
export function StepSectionNav({ route, done }: { route: string; done: boolean }) {
  const sections = done
    ? [...SECTIONS, { hash: STEP_SECTIONS.warranty, label: 'Warranty' }]
    : SECTIONS
  return (
    <nav className="step-section-nav" aria-label="On this page">
      <ul>
        {sections.map((section) => (
          <li key={section.hash}>
            <Link
              to="/builder/$page"
              params={{ page: route }}
              hash={section.hash}
              activeOptions={{ includeHash: true }}
            >
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
