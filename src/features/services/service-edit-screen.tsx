import { useLocation, useParams } from 'wouter'
import { useProfile } from '../../app/auth-context'
import { useToast } from '../../app/toast-context'
import { FormSkeleton } from '../../components/form/list-skeleton'
import { LoadFailedCard } from '../../components/form/load-failed-card'
import { useRecordEditForm } from '../../components/form/use-record-edit-form'
import { createEntityFormMachine } from '../../machines/entity-form.machine'
import { loadService, updateService } from './api'
import { canWriteServices, ServicesReadOnlyNotice } from './service-access'
import { ServiceDeleteSection } from './service-delete'
import { ServiceForm, warnNotBookable } from './service-form'
import {
  NEW_SERVICE,
  type Service,
  type ServiceValues,
  servicePatch,
  serviceToValues,
  validateService,
} from './service-values'

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
  const { form, record } = useRecordEditForm({
    machine: serviceEditForm,
    id,
    initialValues: NEW_SERVICE,
    validate: (values) => validateService(values, currency),
    load: loadService,
    toValues: serviceToValues,
    patch: servicePatch,
    update: updateService,
    onSaved: (service) => {
      toast.success(`Your changes to ${service.name} are saved.`, 'Service saved')
      if (!service.bookable_online && service.active) warnNotBookable(toast, service)
      navigate('/services')
    },
  })

  if (form.loadFailed) {
    return (
      <LoadFailedCard
        message={form.formError}
        onRetry={form.retryLoad}
        backHref="/services"
        backLabel="Back to services"
      />
    )
  }
  if (form.isLoading || !record) return <FormSkeleton label="Loading the service…" />

  return (
    <div className="p-form-page">
      <ServiceForm form={form} currency={currency} saveLabel="Save changes" />
      <ServiceDeleteSection service={record} />
    </div>
  )
}
