import { useLocation } from 'wouter'
import { useProfile } from '../app/auth-context'
import { useToast } from '../app/toast-context'
import { FormSkeleton } from '../components/form/list-skeleton'
import { useEntityForm } from '../components/form/use-entity-form'
import { createEntityFormMachine } from '../machines/entity-form.machine'
import { canWriteServices, ServicesReadOnlyNotice } from './services/service-access'
import { createService } from './services/service-api'
import { ServiceForm } from './services/service-form'
import {
  NEW_SERVICE,
  type Service,
  type ServiceValues,
  serviceInput,
  validateService,
} from './services/service-values'

const serviceCreateForm = createEntityFormMachine<ServiceValues, Service>()

/** /services/create: a new service; back to the list once it is saved. */
export function ServiceCreateScreen() {
  const profile = useProfile()
  if (!profile) return <FormSkeleton label="Loading your business…" />
  if (!canWriteServices(profile)) return <ServicesReadOnlyNotice action="add" />
  return <ServiceCreateForm currency={profile.currency} />
}

function ServiceCreateForm({ currency }: { currency: string }) {
  const [, navigate] = useLocation()
  const toast = useToast()
  const form = useEntityForm<ServiceValues, Service>({
    machine: serviceCreateForm,
    initialValues: NEW_SERVICE,
    validate: (values) => validateService(values, currency),
    save: ({ values }) => createService(serviceInput(values)),
    onSaved: (service) => {
      toast.success(`${service.name} was added to your services.`, 'Service added')
      navigate('/services')
    },
  })
  return <ServiceForm form={form} currency={currency} saveLabel="Add service" />
}
