import { useState } from 'react'
import { Button } from 'react-aria-components'
import { Link, useLocation, useParams } from 'wouter'
import { useProfile } from '../app/auth-context'
import { useToast } from '../app/toast-context'
import { FormSkeleton } from '../components/form/list-skeleton'
import { useEntityForm } from '../components/form/use-entity-form'
import { createEntityFormMachine } from '../machines/entity-form.machine'
import { canWriteServices, ServicesReadOnlyNotice } from './services/service-access'
import { loadService, updateService } from './services/service-api'
import { ServiceDeleteSection } from './services/service-delete'
import { ServiceForm } from './services/service-form'
import {
  NEW_SERVICE,
  type Service,
  type ServiceValues,
  servicePatch,
  serviceToValues,
  validateService,
} from './services/service-values'

const serviceEditForm = createEntityFormMachine<ServiceValues, Service>()

/** /services/:id/edit: change a service, or delete it (or deactivate it when it is in use). */
export function ServiceEditScreen() {
  const { id = '' } = useParams<{ id: string }>()
  const profile = useProfile()
  if (!profile) return <FormSkeleton label="Loading your business…" />
  if (!canWriteServices(profile)) return <ServicesReadOnlyNotice action="change" />
  // Keyed by id: another service's edit page starts a fresh form.
  return <ServiceEditForm key={id} id={id} currency={profile.currency} />
}

function ServiceEditForm({ id, currency }: { id: string; currency: string }) {
  const [, navigate] = useLocation()
  const toast = useToast()
  const [record, setRecord] = useState<Service | null>(null)

  const form = useEntityForm<ServiceValues, Service>({
    machine: serviceEditForm,
    id,
    initialValues: NEW_SERVICE,
    validate: validateService,
    load: async (serviceId) => {
      const service = await loadService(serviceId)
      setRecord(service)
      return serviceToValues(service)
    },
    save: async ({ values, initial }) => {
      const patch = servicePatch(initial, values)
      // Nothing changed: the API refuses an empty patch, and there is nothing to send.
      if (Object.keys(patch).length === 0 && record) return record
      const saved = await updateService(id, patch)
      setRecord(saved)
      return saved
    },
    onSaved: (service) => {
      toast.success(`Your changes to ${service.name} are saved.`, 'Service saved')
      navigate('/services')
    },
  })

  if (form.loadFailed) {
    return (
      <div className="p-card p-stack-sm" role="alert">
        <p>{form.formError}</p>
        <div className="p-row">
          <Button className="p-button" onPress={form.retryLoad}>
            Try again
          </Button>
          <Link href="/services">Back to services</Link>
        </div>
      </div>
    )
  }
  if (form.isLoading || !record) return <FormSkeleton label="Loading the service…" />

  return (
    <div className="p-form-page">
      <ServiceForm form={form} currency={currency} saveLabel="Save changes" />
      <ServiceDeleteSection
        service={record}
        onDone={(outcome) => {
          if (outcome.kind === 'deleted') {
            toast.success(`${record.name} was deleted.`, 'Service deleted')
          } else {
            toast.success(
              `${outcome.service.name} is now inactive and can no longer be booked.`,
              'Service deactivated',
            )
          }
          navigate('/services')
        }}
      />
    </div>
  )
}
