import { NotBuiltYet } from '../components/not-built-yet'

export function BusinessConfigurationEditScreen() {
  return (
    <NotBuiltYet arrivesWith="business settings">
      <p className="p-muted">Your business name, time zone, currency and booking rules.</p>
    </NotBuiltYet>
  )
}
