import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'

export type Tab<Key extends string> = { key: Key; label: string; panel: ReactNode }

/**
 * Tabs as WAI-ARIA has them: a tablist of tabs, the selected one in the tab order and the
 * arrow keys, Home and End moving between them; each tab controls its tabpanel, named by it.
 */
export function Tabs<Key extends string>({
  label,
  tabs,
  selected,
  onSelect,
}: {
  label: string
  tabs: readonly Tab<Key>[]
  selected: Key
  onSelect: (key: Key) => void
}) {
  const id = useId()
  const refs = useRef(new Map<Key, HTMLButtonElement>())
  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1
    const to =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null
    const tab = to === null ? undefined : tabs[to]
    if (!tab) return
    event.preventDefault()
    onSelect(tab.key)
    refs.current.get(tab.key)?.focus()
  }
  const current = tabs.find((tab) => tab.key === selected)
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tab-list">
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(element) => {
              if (element) refs.current.set(tab.key, element)
              else refs.current.delete(tab.key)
            }}
            type="button"
            role="tab"
            id={`${id}-${tab.key}-tab`}
            aria-selected={tab.key === selected}
            aria-controls={`${id}-${tab.key}-panel`}
            tabIndex={tab.key === selected ? 0 : -1}
            className="tab"
            onClick={() => onSelect(tab.key)}
            onKeyDown={(event) => move(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {current && (
        <div
          role="tabpanel"
          id={`${id}-${current.key}-panel`}
          aria-labelledby={`${id}-${current.key}-tab`}
          tabIndex={0}
          className="tab-panel"
        >
          {current.panel}
        </div>
      )}
    </div>
  )
}
