/**
 * jsdom has <dialog> but not its modal methods: these open and close it as a browser would
 * (without the inertness and the focus trap, which the browser tests cover).
 */
export function fakeModalDialogs() {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open')
    this.dispatchEvent(new Event('close'))
  }
}
