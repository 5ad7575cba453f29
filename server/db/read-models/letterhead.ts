import { and, eq, sql } from 'drizzle-orm'
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/languages.ts'
import type { Db } from '../database.ts'
import { appointments, tenantLogos, tenantSettings, tenants } from '../schema.ts'

/** What a customer's e-mail wears, read when it is sent (see notifications/customer-html.ts). */
export interface LetterheadFacts {
  businessName: string
  brandColor: string
  logo: { tenantId: string; sha256: string; width: number; height: number } | null
  /** The language the customer booked in, else the business's default. */
  language: Language
}

/** The column default of tenant_settings.brand_color, for a business without settings. */
const DEFAULT_BRAND = '#4f46e5'

/**
 * The business's name, brand colour and logo, and the language of the appointment the e-mail
 * is about (gone appointments fall back to the business's default); null for no business.
 */
export async function loadLetterhead(
  db: Db,
  tenantId: string,
  appointmentId: string | null,
): Promise<LetterheadFacts | null> {
  const [row] = await db
    .select({
      businessName: tenants.name,
      brandColor: tenantSettings.brandColor,
      defaultLanguage: tenantSettings.defaultLanguage,
      customerLanguage: appointments.customerLanguage,
      logo: { sha256: tenantLogos.sha256, width: tenantLogos.width, height: tenantLogos.height },
    })
    .from(tenants)
    .leftJoin(tenantSettings, eq(tenantSettings.tenantId, tenants.id))
    .leftJoin(tenantLogos, eq(tenantLogos.tenantId, tenants.id))
    .leftJoin(
      appointments,
      appointmentId
        ? and(eq(appointments.tenantId, tenants.id), eq(appointments.id, appointmentId))
        : sql`false`,
    )
    .where(eq(tenants.id, tenantId))
  if (!row) return null
  return {
    businessName: row.businessName,
    brandColor: row.brandColor ?? DEFAULT_BRAND,
    logo: row.logo ? { tenantId, ...row.logo } : null,
    language: row.customerLanguage ?? row.defaultLanguage ?? DEFAULT_LANGUAGE,
  }
}
