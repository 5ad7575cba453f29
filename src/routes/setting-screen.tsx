import { NotBuiltYet } from '../components/not-built-yet'

export function SettingScreen() {
  return (
    <NotBuiltYet arrivesWith="business settings">
      <p className="p-muted">Each setting on a page of its own.</p>
    </NotBuiltYet>
  )
}
