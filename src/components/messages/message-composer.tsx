import type { ReactNode } from 'react'
import { MessageBody } from '../../../contract/messages'
import { BusyButton } from '../busy-button'
import { FieldAlert } from '../form/field-alert'
import type { FormCall } from '../form/form-call'
import { TextAreaField } from '../form/text-area-field'
import { useContractForm } from '../form/use-contract-form'
import './messages.css'

type Values = { text: string; fileIds: string[] }

type MessageComposerProps<Call> = {
  call: FormCall<Call>
  toCall: (body: MessageBody) => Call
  /** What the writer may attach (the owner's files): given the chosen ids and a way to change them. */
  attach?: (fileIds: string[], change: (fileIds: string[]) => void) => ReactNode
}

/** The field "Message" and the button "Send" (PRODUCT.md §19), and the attachments where allowed. */
export function MessageComposer<Call>({ call, toCall, attach }: MessageComposerProps<Call>) {
  const form = useContractForm(MessageBody, call, {
    initial: (): Values => ({ text: '', fileIds: [] }),
    toBody: ({ text, fileIds }: Values) => ({
      text: text.trim(),
      ...(fileIds.length ? { fileIds } : {}),
    }),
    missing: { text: 'Write a message first' },
    toCall,
    afterSend: { text: '', fileIds: [] },
  })
  return (
    <form className="message-composer" onSubmit={form.submit} noValidate>
      <FieldAlert message={form.failure?.message} />
      <TextAreaField {...form.field('text')} label="Message" rows={3} maxLength={4000} />
      {attach?.(form.values.fileIds, form.set('fileIds'))}
      <BusyButton type="submit" busy={form.busy} busyLabel="Sending…" disabled={form.blocked}>
        Send
      </BusyButton>
    </form>
  )
}
