import { formatPhone } from '../lib/phone'

/** A phone number shown as people read it, that a phone dials when tapped. */
export const PhoneLink = ({ phone }: { phone: string }) => (
  <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{formatPhone(phone)}</a>
)
