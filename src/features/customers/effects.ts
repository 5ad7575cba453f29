import { fromPromise } from 'xstate'
import type { Customer } from '../../api/customers'
import {
  type CustomerImportReport,
  customerImportMachine,
} from '../../machines/customer-import.machine'
import { createLoadMachine } from '../../machines/page-load.machine'
import { type CustomerOverview, importCustomers, loadCustomer, loadCustomerOverview } from './api'
import { readCsvFile } from './customer-import/import-file'

/** What the client profile shows: the customer and their figures. */
export interface ClientProfileData {
  customer: Customer
  overview: CustomerOverview
}

const profileLoad = createLoadMachine<ClientProfileData>()

/** The client profile of customer `id`, loaded from the API. */
export function createClientProfileLogic(id: string) {
  return profileLoad.provide({
    actors: {
      load: fromPromise(async () => {
        const [customer, overview] = await Promise.all([loadCustomer(id), loadCustomerOverview(id)])
        return { customer, overview }
      }),
    },
  })
}

/**
 * The import wizard with the file reader and the API's dry run and import; `onImported` hears
 * of each import written, with its report.
 */
export function createCustomerImportLogic(onImported: (report: CustomerImportReport) => void) {
  return customerImportMachine.provide({
    actors: {
      readFile: fromPromise(({ input }) => readCsvFile(input.file)),
      checkImport: fromPromise(({ input }) => importCustomers(input)),
      runImport: fromPromise(({ input }) => importCustomers(input)),
    },
    actions: {
      notifyImported: ({ context }) => {
        if (context.report) onImported(context.report)
      },
    },
  })
}
