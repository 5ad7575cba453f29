import { createHash } from 'node:crypto'
import type { components } from '../../shared/contract/schema.d.ts'
import type { Database } from '../db/database.ts'
import { createActivityRepository } from '../db/repositories/activity-repository.ts'
import { createLogoRepository, type LogoSummary } from '../db/repositories/logo-repository.ts'
import { checkLogo, LOGO_TYPES, type LogoRefusal, logoPath } from '../domain/logo-image.ts'
import type { Member } from '../domain/member.ts'
import { notFound, Refusal, type RefusalKind } from '../domain/refusal.ts'
import { settingsChangeSummary } from '../domain/settings-changes.ts'

export type Logo = components['schemas']['Logo']

export function logoView(logo: LogoSummary): Logo {
  return {
    url: logoPath(logo.tenantId, logo.sha256),
    content_type: logo.contentType as Logo['content_type'],
    width: logo.width,
    height: logo.height,
  }
}

/** "PNG 120×40": how the activity log names a logo. */
function logoWords(logo: LogoSummary | null): string | null {
  if (!logo) return null
  const format = logo.contentType.replace('image/', '').toUpperCase()
  return `${format} ${logo.width}×${logo.height}`
}

const refusalKind: Record<LogoRefusal['kind'], RefusalKind> = {
  too_large: 'too-large',
  unsupported_type: 'unsupported-media-type',
  type_mismatch: 'invalid',
  corrupt: 'invalid',
  dimensions: 'invalid',
}

function logoRefused(refusal: LogoRefusal): Refusal {
  const unsupported = refusal.kind === 'unsupported_type'
  return new Refusal(refusalKind[refusal.kind], `The logo ${refusal.message}.`, {
    errors: [{ path: unsupported ? 'header.content-type' : 'body', message: refusal.message }],
    acceptedTypes: unsupported ? LOGO_TYPES : undefined,
  })
}

/** The business's logo: uploaded and removed by owners and admins, served to everyone. */
export function createLogoService(database: Database) {
  return {
    async current(tenantId: string): Promise<LogoSummary | null> {
      return createLogoRepository(database.db).summary(tenantId)
    },

    /** Checks the file from its bytes and makes it the logo; the same file again changes nothing. */
    async upload(member: Member, bytes: Buffer, contentType: string): Promise<Logo> {
      const checked = checkLogo(bytes, contentType)
      if ('refusal' in checked) throw logoRefused(checked.refusal)
      const sha256 = createHash('sha256').update(bytes).digest('hex')
      return database.transaction(async (tx) => {
        const logos = createLogoRepository(tx)
        const before = await logos.lock(member.tenantId)
        if (before?.sha256 === sha256) return logoView(before)
        const after = await logos.save({
          tenantId: member.tenantId,
          bytes,
          sha256,
          ...checked.logo,
        })
        await createActivityRepository(tx).record(entry(member, before, after))
        return logoView(after)
      })
    },

    async remove(member: Member): Promise<void> {
      await database.transaction(async (tx) => {
        const logos = createLogoRepository(tx)
        const before = await logos.lock(member.tenantId)
        if (!before) return
        await logos.remove(member.tenantId)
        await createActivityRepository(tx).record(entry(member, before, null))
      })
    },

    /** The file behind a logo address; 404 for an old or made-up hash or another business. */
    async file(tenantId: string, sha256: string) {
      const row = await createLogoRepository(database.db).file(tenantId, sha256)
      if (!row) throw notFound('There is no such logo.')
      return row
    },
  }
}

function entry(member: Member, before: LogoSummary | null, after: LogoSummary | null) {
  const changes = [{ field: 'logo', before: logoWords(before), after: logoWords(after) }]
  return {
    tenantId: member.tenantId,
    actor: member.actor,
    entityType: 'settings' as const,
    entityId: 'appearance',
    action: 'updated' as const,
    summary: settingsChangeSummary('appearance', changes),
    changes,
  }
}
