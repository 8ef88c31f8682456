import { useState } from 'react'
import type { z } from 'zod/mini'
import type {
  AdminActor,
  AdminCall,
  AdminMachineContext,
} from '../../../machines/admin/admin.machine'
import type { Column } from './columns'
import { DeleteDialog } from './delete-dialog'
import { DataTable } from './data-table'
import { EntityDialog } from './entity-dialog'
import type { FieldSpec, FormValues } from './form-fields'
import { SectionPage } from './section-page'
import { useAdminState, useAdminWrites } from './use-admin'

/** Everything that makes a list of the admin state a section with add, edit and delete. */
export type CrudConfig<T extends { id: string }, B> = {
  title: string
  lede: string
  /** What one item is called, e.g. "city". */
  noun: string
  caption: string
  csvName: string
  emptyText: string
  select: (context: AdminMachineContext) => readonly T[]
  columns: readonly Column<T>[]
  /** The CSV's columns, when it holds more than the screen shows. */
  csvColumns?: readonly Column<T>[]
  fields: readonly FieldSpec[]
  schema: z.ZodMiniType<B>
  toValues: (item: T) => FormValues
  /** How one item is named in buttons and questions, e.g. "Austin, TX". */
  label: (item: T) => string
  edit: (item: T, body: B) => AdminCall
  /** Present when items can be deleted here. */
  remove?: (item: T) => AdminCall
  /** What deleting `item` does beyond itself, told before the admin confirms. */
  deleteWarning?: (item: T, context: AdminMachineContext) => string | null
  /** Present when items can be added here: the empty form and its call. */
  create?: { blank: FormValues; call: (body: B) => AdminCall }
}

type Open<T> = { mode: 'add' } | { mode: 'edit'; item: T } | { mode: 'delete'; item: T } | null

/** A section whose list is added to, edited and deleted from through dialogs. */
export function CrudSection<T extends { id: string }, B>({
  actor,
  config,
}: {
  actor: AdminActor
  config: CrudConfig<T, B>
}) {
  const rows = useAdminState(actor, config.select)
  const { busy } = useAdminWrites(actor)
  const [open, setOpen] = useState<Open<T>>(null)
  const close = () => setOpen(null)
  const { create, remove, noun, deleteWarning } = config
  const deleting = open?.mode === 'delete' ? open.item : null
  const warning = useAdminState(actor, (context) =>
    deleting && deleteWarning ? deleteWarning(deleting, context) : null,
  )

  return (
    <SectionPage actor={actor} title={config.title} lede={config.lede}>
      <DataTable
        caption={config.caption}
        rows={rows}
        columns={config.columns}
        csvColumns={config.csvColumns}
        csvName={config.csvName}
        emptyText={config.emptyText}
        initialSort={{ key: config.columns[0]?.key ?? '', direction: 'ascending' }}
        toolbar={
          create && (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => setOpen({ mode: 'add' })}
            >
              Add {noun}
            </button>
          )
        }
        actions={(item) => (
          <>
            <button
              type="button"
              className="link-button"
              disabled={busy}
              aria-label={`Edit ${config.label(item)}`}
              onClick={() => setOpen({ mode: 'edit', item })}
            >
              Edit
            </button>
            {remove && (
              <button
                type="button"
                className="link-button link-danger"
                disabled={busy}
                aria-label={`Delete ${config.label(item)}`}
                onClick={() => setOpen({ mode: 'delete', item })}
              >
                Delete
              </button>
            )}
          </>
        )}
      />
      {open?.mode === 'add' && create && (
        <EntityDialog
          actor={actor}
          title={`Add ${noun}`}
          submitLabel={`Add ${noun}`}
          fields={config.fields}
          initial={create.blank}
          schema={config.schema}
          toCall={create.call}
          onClose={close}
        />
      )}
      {open?.mode === 'edit' && (
        <EntityDialog
          actor={actor}
          title={`Edit ${config.label(open.item)}`}
          submitLabel="Save changes"
          fields={config.fields}
          initial={config.toValues(open.item)}
          schema={config.schema}
          toCall={(body) => config.edit(open.item, body)}
          onClose={close}
        />
      )}
      {open?.mode === 'delete' && remove && (
        <DeleteDialog
          actor={actor}
          title={`Delete this ${noun}?`}
          message={[
            `${config.label(open.item)} will be deleted.`,
            warning,
            'This cannot be undone.',
          ]
            .filter(Boolean)
            .join(' ')}
          confirmLabel={`Delete ${noun}`}
          call={remove(open.item)}
          onClose={close}
        />
      )}
    </SectionPage>
  )
}
