import type { ClientCall } from '../../../machines/client/client.machine'
import { BusyButton, type BusyButtonProps } from '../../components/busy-button'

type CallButtonProps = Omit<BusyButtonProps, 'busy' | 'disabled'> & {
  /** The call the button sends (see useCallFor): busy while it runs. */
  calls: { busy: boolean; pending: ClientCall | null }
}

/** A button that sends one of the builder's calls; held back while any call runs. */
export function CallButton({ calls, ...button }: CallButtonProps) {
  return <BusyButton {...button} busy={calls.busy} disabled={calls.pending !== null} />
}
