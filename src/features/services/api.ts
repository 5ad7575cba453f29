import { unwrap } from '../../api/api-error'
import { api } from '../../api/client'
import type { ListPage, ListQuery } from '../../machines/entity-list.machine'
import { isServiceSort, type Service, type ServiceInput, type ServicePatch } from './service-values'

export interface ServiceListFilters {
  /** undefined = all, true = active only, false = inactive only. */
  active?: boolean
}

/** listServices for the list machine's query. */
export async function loadServicePage(
  query: ListQuery<ServiceListFilters>,
): Promise<ListPage<Service>> {
  const page = unwrap(
    await api.GET('/api/v1/services', {
      params: {
        query: {
          search: query.search.trim() || undefined,
          sort: isServiceSort(query.sort) ? query.sort : 'name',
          active: query.filters.active,
          limit: query.limit,
          offset: query.offset,
        },
      },
    }),
  )
  return { items: page.items, total: page.total }
}

export async function loadService(id: string): Promise<Service> {
  return unwrap(
    await api.GET('/api/v1/services/{serviceId}', { params: { path: { serviceId: id } } }),
  )
}

export async function createService(input: ServiceInput): Promise<Service> {
  return unwrap(await api.POST('/api/v1/services', { body: input }))
}

export async function updateService(id: string, patch: ServicePatch): Promise<Service> {
  return unwrap(
    await api.PATCH('/api/v1/services/{serviceId}', {
      params: { path: { serviceId: id } },
      body: patch,
    }),
  )
}

/** Refused with a ApiError (409) while appointments use the service. */
export async function deleteService(id: string): Promise<void> {
  unwrap(await api.DELETE('/api/v1/services/{serviceId}', { params: { path: { serviceId: id } } }))
}
