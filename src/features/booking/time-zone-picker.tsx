import { useId, useMemo, useState } from 'react'
import { useTranslation } from '../../app/i18n'
import {
  canonicalTimeZone,
  canonicalTimeZones,
  searchTimeZones,
  timeZoneCity,
  timeZoneOptions,
  utcOffsetLabel,
} from '../../domain/time-zone-names'
import { knownTimeZones } from './slot-days'

/** Enough to scroll through; typing narrows the rest. */
const SHOWN = 60

/**
 * A searchable time zone picker (WAI-ARIA combobox with a listbox): type a city, region or
 * offset, move with the arrows, Enter chooses, Escape closes. Zones by today's names.
 */
export function TimeZonePicker({
  value,
  businessTimeZone,
  onChange,
}: {
  value: string
  businessTimeZone: string
  onChange: (timeZone: string) => void
}) {
  const id = useId()
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  // Every zone's offset takes a formatter of its own (hundreds of them): worked out when the
  // visitor first reaches the picker, not when the page renders it (that alone blocked a
  // phone's main thread for about half a second on the time step).
  const [reached, setReached] = useState(false)
  const options = useMemo(
    () => (reached ? timeZoneOptions(canonicalTimeZones(knownTimeZones(), value)) : []),
    [reached, value],
  )
  const matches = useMemo(() => searchTimeZones(options, query).slice(0, SHOWN), [options, query])
  const current = canonicalTimeZone(value)
  const shown = `${timeZoneCity(current)} · ${utcOffsetLabel(current)}`

  function choose(zone: string) {
    setOpen(false)
    setQuery('')
    if (zone !== value) onChange(zone)
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) setOpen(true)
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((index) => Math.max(0, Math.min(matches.length - 1, index + step)))
    } else if (event.key === 'Enter' && open) {
      event.preventDefault()
      const option = matches[active]
      if (option) choose(option.id)
    } else if (event.key === 'Escape') {
      setOpen(false)
      setQuery('')
    }
  }

  return (
    <div className="p-field p-zone-picker">
      <label className="p-field__label" htmlFor={`${id}-input`}>
        {t('time_zone')}
      </label>
      <input
        id={`${id}-input`}
        className="p-input"
        role="combobox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={open && matches[active] ? `${id}-option-${active}` : undefined}
        aria-describedby={businessTimeZone !== current ? `${id}-business` : undefined}
        autoComplete="off"
        placeholder={open ? t('time_zone_search') : undefined}
        value={open ? query : shown}
        onFocus={() => {
          setActive(0)
          setReached(true)
        }}
        onClick={() => setOpen(true)}
        onChange={(event) => {
          setQuery(event.target.value)
          setActive(0)
          setOpen(true)
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false)
          setQuery('')
        }}
      />
      {open ? (
        <div
          id={`${id}-list`}
          role="listbox"
          aria-label={t('time_zone')}
          className="p-zone-picker__list"
        >
          {matches.length === 0 ? (
            <div className="p-zone-picker__empty">{t('time_zone_none')}</div>
          ) : (
            matches.map((option, index) => (
              // biome-ignore lint/a11y/useFocusableInteractive: options are reached by aria-activedescendant from the input, which handles the keys
              <div
                key={option.id}
                id={`${id}-option-${index}`}
                role="option"
                aria-selected={option.id === current}
                data-active={index === active || undefined}
                className="p-zone-picker__option"
                // Chosen on mouse down: a click would blur the input (and close the list) first.
                onMouseDown={(event) => {
                  event.preventDefault()
                  choose(option.id)
                }}
              >
                <span>{option.city}</span>
                <span className="p-zone-picker__offset">{option.offset}</span>
              </div>
            ))
          )}
        </div>
      ) : (
        <span hidden id={`${id}-list`} />
      )}
      {businessTimeZone !== current ? (
        <p id={`${id}-business`} className="p-field__description">
          {t('time_zone_business', {
            zone: `${timeZoneCity(businessTimeZone)} (${utcOffsetLabel(businessTimeZone)})`,
          })}
        </p>
      ) : null}
    </div>
  )
}
