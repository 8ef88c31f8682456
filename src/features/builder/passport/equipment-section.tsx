import { useId, useState } from 'react'
import { EQUIPMENT_KIND_LABELS, type Equipment } from '../../../../contract/passport'
import type { Warranty } from '../../../../contract/documents'
import { ConfirmDelete } from '../../../components/form/confirm-delete'
import { useWarranties } from '../documents/use-documents'
import { formatDate } from '../timeline-dates'
import { EditDeleteButtons } from '../edit-delete-buttons'
import { HeldView } from '../held-view'
import { useFormCall } from '../use-form-call'
import { EquipmentDialog, warrantyName } from './equipment-dialog'
import { useEquipment } from './use-passport'

/** Which dialog is open: adding, editing or deleting one piece. */
type Open = { dialog: 'add' } | { dialog: 'edit' | 'delete'; equipment: Equipment } | null

/** The pump, filter, heater … that went in: what a service company asks for first. */
export function EquipmentSection() {
  const id = useId()
  const equipment = useEquipment()
  const warranties = useWarranties().list ?? []
  const [open, setOpen] = useState<Open>(null)
  const close = () => setOpen(null)
  return (
    <section className="passport-section" aria-labelledby={`${id}-title`}>
      <header className="passport-section-head">
        <h2 id={`${id}-title`}>Equipment</h2>
        <button type="button" className="button" onClick={() => setOpen({ dialog: 'add' })}>
          Add equipment
        </button>
      </header>
      <HeldView
        held={equipment}
        failedTitle="The equipment did not load"
        loadingLabel="Loading the equipment"
      >
        {(list) => (
          <EquipmentList
            list={list}
            warranties={warranties}
            onEdit={(piece) => setOpen({ dialog: 'edit', equipment: piece })}
            onDelete={(piece) => setOpen({ dialog: 'delete', equipment: piece })}
          />
        )}
      </HeldView>
      {open?.dialog === 'add' && (
        <EquipmentDialog equipment={null} warranties={warranties} onClose={close} />
      )}
      {open?.dialog === 'edit' && (
        <EquipmentDialog equipment={open.equipment} warranties={warranties} onClose={close} />
      )}
      {open?.dialog === 'delete' && <DeleteEquipment equipment={open.equipment} onClose={close} />}
    </section>
  )
}

type ListProps = {
  list: Equipment[]
  warranties: Warranty[]
  onEdit: (equipment: Equipment) => void
  onDelete: (equipment: Equipment) => void
}

function EquipmentList({ list, warranties, onEdit, onDelete }: ListProps) {
  if (list.length === 0)
    return (
      <p className="passport-empty">
        No equipment yet. Record the pump, filter, heater and the rest as they go in: make, model
        and serial are what a service company or a warranty claim asks for.
      </p>
    )
  return (
    <ul className="equipment-list">
      {list.map((piece) => {
        const warranty = warranties.find((w) => w.id === piece.warrantyId)
        const name = `${piece.make} ${piece.model}`
        return (
          <li key={piece.id} className="equipment-card" aria-label={name}>
            <p className="equipment-kind">{EQUIPMENT_KIND_LABELS[piece.kind]}</p>
            <p className="equipment-name">{name}</p>
            <dl className="passport-facts">
              <div>
                <dt>Serial</dt>
                <dd>{piece.serial || 'Not recorded'}</dd>
              </div>
              <div>
                <dt>Installed on</dt>
                <dd>{piece.installedOn ? formatDate(piece.installedOn) : 'Not recorded'}</dd>
              </div>
              <div>
                <dt>Warranty</dt>
                <dd>{warranty ? warrantyName(warranty) : 'None on record'}</dd>
              </div>
            </dl>
            <div className="equipment-actions">
              <EditDeleteButtons onEdit={() => onEdit(piece)} onDelete={() => onDelete(piece)} />
            </div>
          </li>
        )
      })}
    </ul>
  )
}

function DeleteEquipment({ equipment, onClose }: { equipment: Equipment; onClose: () => void }) {
  const call = useFormCall((c) => c.name === 'deleteEquipment' && c.id === equipment.id, onClose)
  return (
    <ConfirmDelete
      title="Delete this equipment?"
      message={`${equipment.make} ${equipment.model} will be taken off your pool’s equipment.`}
      confirmLabel="Delete equipment"
      request={{ name: 'deleteEquipment' as const, id: equipment.id }}
      call={call}
      onClose={onClose}
    />
  )
}
