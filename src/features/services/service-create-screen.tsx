import { useLocation } from 'wouter'
import { loadAllTeamMembers } from '../../api/catalogue'
import { useProfile } from '../../app/auth-context'
import { useToast } from '../../app/toast-context'
import { FormSkeleton } from '../../components/form/list-skeleton'
import { useEntityForm } from '../../components/form/use-entity-form'
import { createEntityFormMachine } from '../../machines/entity-form.machine'
import { createService } from './api'
import { canWriteServices, ServicesReadOnlyNotice } from './service-access'
import { ServiceForm, warnNotBookable } from './service-form'
import {
  NEW_SERVICE,
  type Service,
  type ServiceValues,
  serviceInput,
  validateService,
} from './service-values'

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
    id: 'new',
    initialValues: NEW_SERVICE,
    load: newServiceValues,
    validate: (values) => validateService(values, currency),
    save: ({ values }) => createService(serviceInput(values)),
    onSaved: (service) => {
      toast.success(`${service.name} was added to your services.`, 'Service added')
      if (!service.bookable_online) warnNotBookable(toast, service)
      navigate('/services')
    },
  })
  if (form.isLoading) return <FormSkeleton label="Loading your team…" />
  return <ServiceForm form={form} currency={currency} saveLabel="Add service" />
}

/**
 * A new service is performed by everyone bookable (a one-person business: its owner), so it
 * can be booked online as soon as it is saved; the owner unticks whoever does not do it. If
 * the team cannot be read, the form starts with nobody ticked and says what that means.
 */
async function newServiceValues(): Promise<ServiceValues> {
  try {
    const { items } = await loadAllTeamMembers()
    const performers = items.filter((member) => member.bookable).map((member) => member.id)
    return { ...NEW_SERVICE, team_member_ids: performers }
  } catch {
    return NEW_SERVICE
  }
}
