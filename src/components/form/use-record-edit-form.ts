import { useState } from 'react'
import type { SaveInput } from '../../machines/entity-form.machine'
import { type EntityFormOptions, useEntityForm } from './use-entity-form'

export interface RecordEditFormOptions<Values extends object, Saved, Patch extends object>
  extends Omit<EntityFormOptions<Values, Saved>, 'load' | 'save'> {
  id: string
  /** Reads the record to edit. */
  load: (id: string) => Promise<Saved>
  toValues: (record: Saved) => Values
  /** Only the fields that changed between the loaded values and the form's. */
  patch: (initial: Values, values: Values) => Patch
  update: (id: string, patch: Patch) => Promise<Saved>
}

/**
 * An edit form whose screen also shows the record itself (delete, access, time off…): keeps
 * the record as loaded and as last saved beside the form, and sends only what changed — an
 * unchanged form saves nothing, since the API refuses an empty patch.
 */
export function useRecordEditForm<Values extends object, Saved, Patch extends object>({
  load,
  toValues,
  patch,
  update,
  ...options
}: RecordEditFormOptions<Values, Saved, Patch>) {
  const [record, setRecord] = useState<Saved | null>(null)
  const form = useEntityForm<Values, Saved>({
    ...options,
    load: async (id) => {
      const loaded = await load(id)
      setRecord(loaded)
      return toValues(loaded)
    },
    save: async ({ values, initial }: SaveInput<Values>) => {
      const changes = patch(initial, values)
      if (Object.keys(changes).length === 0 && record) return record
      const saved = await update(options.id, changes)
      setRecord(saved)
      return saved
    },
  })
  return { form, record, setRecord }
}
