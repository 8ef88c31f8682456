import type { ManagerRequest } from '../../../../contract'
import { assignedManagers } from './manager-requests'

/** "Your project manager: {name}" for each manager assigned to the project (PRODUCT.md §18). */
export function YourManager({ requests }: { requests: readonly ManagerRequest[] }) {
  return assignedManagers(requests).map((name) => (
    <p key={name} className="your-manager">
      Your project manager: {name}
    </p>
  ))
}
