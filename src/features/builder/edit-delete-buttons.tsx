/** A card's "Edit" and "Delete": the edit first and stronger, the delete asks before it deletes. */
export function EditDeleteButtons({
  onEdit,
  onDelete,
}: {
  onEdit: () => void
  onDelete: () => void
}) {
  return (
    <>
      <button type="button" className="button button-secondary button-small" onClick={onEdit}>
        Edit
      </button>
      <button type="button" className="button button-ghost button-small" onClick={onDelete}>
        Delete
      </button>
    </>
  )
}
