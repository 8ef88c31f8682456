import type { ReactNode } from 'react'
import type { Manager } from '../../../../contract'
import { formatMoney } from '../../../lib/money'
import { experience } from './manager-requests'

/** A manager's experience and fee, and on the profile their contact details after them. */
export function ManagerFacts({ manager, children }: { manager: Manager; children?: ReactNode }) {
  return (
    <dl className={children ? 'manager-facts manager-facts-wide' : 'manager-facts'}>
      <div>
        <dt>Experience</dt>
        <dd>{experience(manager)}</dd>
      </div>
      <div>
        <dt>Fee</dt>
        <dd>{formatMoney(manager.fee)}</dd>
      </div>
      {children}
    </dl>
  )
}
