/** YYYY-MM-DD as MM/DD/YYYY: QuickBooks Online's US date, and a form's as filled in by hand. */
export const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`
