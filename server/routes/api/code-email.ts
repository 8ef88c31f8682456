/** The sign-in email: plain text and HTML, saying how long the code is valid. `code` is digits only. */
export function codeEmail(to: string, code: string, validMinutes: number) {
  const subject = `Your PoolPath sign-in code: ${code}`
  const text = [
    `Your PoolPath sign-in code is ${code}.`,
    '',
    `It is valid for ${validMinutes} minutes and can be used once.`,
    'If you did not ask for it, you can ignore this email: nobody can sign in without the code.',
  ].join('\n')
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
<p>Your PoolPath sign-in code is</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px">${code}</p>
<p>It is valid for ${validMinutes} minutes and can be used once.</p>
<p style="color:#475569">If you did not ask for it, you can ignore this email: nobody can sign in without the code.</p>
</body></html>`
  return { to, subject, text, html, summary: `Sign-in code for ${to}: ${code}` }
}
