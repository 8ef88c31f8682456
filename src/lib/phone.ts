/**
 * A phone number as people read it, however it was typed: a US number (ten digits, or eleven
 * after the country code 1) as "(512) 555-0100"; anything else as typed, trimmed.
 */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits
  if (national.length !== 10) return phone.trim()
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`
}
