/** "Remember me": the session outlives the browser for 30 days (PRODUCT.md §4). */
export function RememberMe({
  checked,
  onChange,
}: {
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      Remember me
    </label>
  )
}
