import type { Manager, ManagerRequest, ManagerRequestStatus } from '../../../../contract'

/** How a request's status reads on a manager's card. */
export const REQUEST_STATUS: Record<ManagerRequestStatus, string> = {
  open: 'Request open',
  contacted: 'Contacted',
  accepted: 'Your project manager',
  closed: 'Closed',
}

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' })

/** "June 1, 2026": the day a request was sent, in the client's time zone. */
export const sentOn = (request: ManagerRequest) => longDate.format(new Date(request.createdAt))

/**
 * The client's latest request to this manager. A closed request may be followed by a new one,
 * so the newest says where things stand.
 */
export function latestRequest(
  requests: readonly ManagerRequest[],
  managerId: string,
): ManagerRequest | null {
  return requests
    .filter((request) => request.managerId === managerId)
    .reduce<ManagerRequest | null>(
      (latest, request) =>
        !latest || Date.parse(request.createdAt) > Date.parse(latest.createdAt) ? request : latest,
      null,
    )
}

/** "12 years" of experience, "1 year" for one. */
export const experience = (manager: Manager) =>
  `${manager.yearsExperience} ${manager.yearsExperience === 1 ? 'year' : 'years'}`

/** The managers assigned to the project: those whose request the back office accepted. */
export const assignedManagers = (requests: readonly ManagerRequest[]): string[] => [
  ...new Set(requests.filter((r) => r.status === 'accepted').map((r) => r.managerName)),
]
