import './settings.css'
import { Link, useLocation } from 'wouter'
import { can } from '../../../shared/permissions.ts'
import { useProfile } from '../../app/auth-context'
import { AccessDenied } from '../../components/access-denied'
import { FormSkeleton } from '../../components/form/list-skeleton'
import { AppearanceForm } from './appearance-form'
import { BookingPolicyForm } from './booking-policy-form'
import { EmbedForm } from './embed-form'
import { LanguageForm } from './language-form'
import { NotificationsForm } from './notifications-form'
import { PrivacyForm } from './privacy-form'
import { isSettingId, type SettingId } from './setting-pages'

/** The `{settingId}` of /settings/{settingId}, whichever route rendered this screen. */
function settingIdOf(path: string): string {
  return decodeURIComponent(path.replace(/^\/settings\/?/, '').replace(/\/+$/, ''))
}

const FORMS: Record<SettingId, () => React.JSX.Element> = {
  'booking-policy': BookingPolicyForm,
  notifications: NotificationsForm,
  appearance: AppearanceForm,
  embed: EmbedForm,
  language: LanguageForm,
  privacy: PrivacyForm,
}

/** /settings/{settingId}: booking policy, notifications, appearance or embed. */
export function SettingScreen() {
  const [path] = useLocation()
  const profile = useProfile()
  const settingId = settingIdOf(path)

  if (!isSettingId(settingId)) return <UnknownSetting settingId={settingId} />
  if (!profile) return <FormSkeleton fields={5} label="Loading…" />
  if (!can(profile.permission, 'settings.read')) return <AccessDenied what="settings" />
  const Form = FORMS[settingId]
  return <Form />
}

function UnknownSetting({ settingId }: { settingId: string }) {
  return (
    <div className="p-card p-stack-sm" role="alert">
      <h2 className="p-section-title">There is no such setting</h2>
      <p className="p-muted">
        Nothing is set at <code>/settings/{settingId}</code>. The link may be out of date or
        mistyped.
      </p>
      <p>
        <Link href="/settings" className="p-button p-button--primary">
          See all settings
        </Link>
      </p>
    </div>
  )
}
