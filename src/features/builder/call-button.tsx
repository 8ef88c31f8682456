import type { ClientCall } from '../../../machines/client/client.machine'
import { BusyButton, type BusyButtonProps } from '../../components/busy-button'

type CallButtonProps = Omit<BusyButtonProps, 'busy'> & {
  /** The call the button sends (see useCallFor): busy while it runs. */
  calls: { busy: boolean; pending: ClientCall | null }
}

/** A button that sends one of the builder's calls; held back while any call runs. */
export function CallButton({ calls, disabled, ...button }: CallButtonProps) {
  return <BusyButton {...button} busy={calls.busy} disabled={disabled || calls.pending !== null} />
}
