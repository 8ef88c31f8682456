import type { Warranty } from '../../../../contract/documents'
import {
  EQUIPMENT_KIND_LABELS,
  EQUIPMENT_KINDS,
  EquipmentBody,
  type Equipment,
} from '../../../../contract/passport'
import { FormDialog } from '../../../components/form/form-dialog'
import { SelectField } from '../../../components/form/select-field'
import { useContractForm } from '../../../components/form/use-contract-form'
import { TextField } from '../../../components/text-field'
import { stepTitle, termWords } from '../documents/document-words'
import { useFormCall } from '../use-form-call'

/** A warranty as the select names it: "Blue Shell Co, Interior (120 months)". */
export const warrantyName = (warranty: Warranty) =>
  `${warranty.provider}, ${stepTitle(warranty.step)} (${termWords(warranty.termMonths)})`

/**
 * "Add equipment", or a piece's "Edit": what it is, whose make and model, its serial, when it
 * went in and the warranty that covers it. Saving replaces the whole record.
 */
export function EquipmentDialog({
  equipment,
  warranties,
  onClose,
}: {
  equipment: Equipment | null
  warranties: Warranty[]
  onClose: () => void
}) {
  const form = useContractForm(
    EquipmentBody,
    useFormCall(
      (c) =>
        equipment ? c.name === 'editEquipment' && c.id === equipment.id : c.name === 'addEquipment',
      onClose,
    ),
    {
      initial: {
        kind: equipment?.kind ?? ('' as string),
        make: equipment?.make ?? '',
        model: equipment?.model ?? '',
        serial: equipment?.serial ?? '',
        installedOn: equipment?.installedOn ?? '',
        warrantyId: equipment?.warrantyId ?? '',
      },
      toBody: (values) => ({
        kind: values.kind,
        make: values.make,
        model: values.model,
        serial: values.serial.trim(),
        installedOn: values.installedOn || null,
        warrantyId: values.warrantyId || null,
      }),
      missing: { make: 'Enter the make', model: 'Enter the model' },
      toCall: (body) =>
        equipment
          ? { name: 'editEquipment' as const, id: equipment.id, body }
          : { name: 'addEquipment' as const, body },
    },
  )
  return (
    <FormDialog
      title={equipment ? 'Edit equipment' : 'Add equipment'}
      form={form}
      className="equipment-form"
      submitLabel="Save equipment"
      busyLabel="Saving…"
      onClose={onClose}
    >
      <SelectField {...form.field('kind')} label="Kind">
        <option value="">Choose a kind</option>
        {EQUIPMENT_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {EQUIPMENT_KIND_LABELS[kind]}
          </option>
        ))}
      </SelectField>
      <TextField {...form.field('make')} label="Make" hint="e.g. Pentair" />
      <TextField {...form.field('model')} label="Model" hint="e.g. IntelliFlo3 VSF" />
      <TextField
        {...form.field('serial')}
        label="Serial"
        hint="Optional: on the label, for warranty claims"
      />
      <TextField {...form.field('installedOn')} label="Installed on" type="date" />
      <SelectField {...form.field('warrantyId')} label="Warranty">
        <option value="">No warranty on record</option>
        {warranties.map((warranty) => (
          <option key={warranty.id} value={warranty.id}>
            {warrantyName(warranty)}
          </option>
        ))}
      </SelectField>
    </FormDialog>
  )
}
