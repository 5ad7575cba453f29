import { Time } from '@internationalized/date'
import { useId, useRef } from 'react'
import {
  Button,
  DateInput,
  DateSegment,
  Label,
  Switch,
  Text,
  TimeField,
} from 'react-aria-components'
import type { components } from '../../../shared/contract/schema'
import {
  clockFromParts,
  clockParts,
  END_OF_DAY,
  setDayEnabled,
  suggestBreak,
  updateDay,
  WEEKDAYS,
} from '../../domain/working-hours-rules'
import type { FieldErrors } from '../../machines/entity-form.machine'
import '../../components/form/form-kit.css'
import './working-hours-editor.css'

type WorkingDay = components['schemas']['WorkingDay']
type TimeRange = components['schemas']['TimeRange']

function toTime(clock: string): Time {
  const { hour, minute } = clockParts(clock)
  return new Time(hour, minute)
}

/**
 * A 24-hour HH:MM field; an emptied field keeps the last complete time. An end field reads
 * 00:00 as 24:00, the end of the day, so hours and breaks can run until midnight; it then says
 * "midnight" beside the time, on screen and as the field's description for screen readers.
 */
function ClockField({
  label,
  value,
  onChange,
  isInvalid,
  isDisabled,
  isEnd = false,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  isInvalid: boolean
  isDisabled: boolean
  isEnd?: boolean
}) {
  const midnightId = useId()
  const isMidnight = isEnd && value === END_OF_DAY
  return (
    <TimeField
      // Wired by hand: the field does not link its description slot to itself.
      aria-describedby={isMidnight ? midnightId : undefined}
      className="p-clock-field"
      value={toTime(value)}
      onChange={(time) => {
        if (time) onChange(clockFromParts(time.hour, time.minute, isEnd))
      }}
      hourCycle={24}
      shouldForceLeadingZeros
      isInvalid={isInvalid}
      isDisabled={isDisabled}
    >
      <Label className="p-visually-hidden">{label}</Label>
      <DateInput className="p-input p-date-input">
        {(segment) => <DateSegment segment={segment} className="p-date-segment" />}
      </DateInput>
      {isMidnight ? (
        <Text id={midnightId} slot="description" className="p-clock-field__midnight">
          midnight (24:00)
        </Text>
      ) : null}
    </TimeField>
  )
}

/**
 * The weekly working hours of a team member: each weekday on or off, its start and end, and
 * any number of breaks. `errors` are the form's field errors; the editor shows the ones under
 * `working_hours.<index>` (from the browser's checks or the server's problem+json) at their row.
 * A day switched off and on again gets back the hours it had.
 */
export function WorkingHoursEditor({
  value,
  onChange,
  errors,
  isDisabled = false,
}: {
  value: readonly WorkingDay[]
  onChange: (value: WorkingDay[]) => void
  errors: FieldErrors
  isDisabled?: boolean
}) {
  const remembered = useRef(new Map<number, WorkingDay>())
  const general = errors.working_hours

  return (
    <div className="p-working-hours">
      <p className="p-muted p-working-hours__hint">
        To work until midnight, set the end to 00:00: it counts as 24:00, the end of the day.
      </p>
      {general ? (
        <p className="p-field__error" role="alert">
          {general}
        </p>
      ) : null}
      {WEEKDAYS.map(({ weekday, name }) => {
        const index = value.findIndex((day) => day.weekday === weekday)
        const day = value[index]
        const path = `working_hours.${index}`
        const dayError = day
          ? (errors[`${path}.end`] ?? errors[`${path}.start`] ?? errors[path])
          : undefined
        const change = (next: (current: WorkingDay) => WorkingDay) =>
          onChange(updateDay(value, weekday, next))
        return (
          <fieldset key={weekday} className="p-working-day" disabled={isDisabled}>
            <legend className="p-visually-hidden">{name}</legend>
            <Switch
              className="p-switch p-working-day__switch"
              isSelected={day !== undefined}
              isDisabled={isDisabled}
              onChange={(on) => {
                if (!on && day) remembered.current.set(weekday, day)
                onChange(setDayEnabled(value, weekday, on, remembered.current.get(weekday)))
              }}
            >
              <span className="p-switch__track" aria-hidden="true">
                <span className="p-switch__thumb" />
              </span>
              {name}
            </Switch>
            {day ? (
              <div className="p-working-day__body">
                <div className="p-working-day__hours">
                  <ClockField
                    label={`${name} start`}
                    value={day.start}
                    onChange={(start) => change((current) => ({ ...current, start }))}
                    isInvalid={Boolean(errors[`${path}.start`])}
                    isDisabled={isDisabled}
                  />
                  <span aria-hidden="true">–</span>
                  <ClockField
                    label={`${name} end`}
                    isEnd
                    value={day.end}
                    onChange={(end) => change((current) => ({ ...current, end }))}
                    isInvalid={Boolean(errors[`${path}.end`])}
                    isDisabled={isDisabled}
                  />
                </div>
                {dayError ? <p className="p-field__error">{dayError}</p> : null}
                {day.breaks.map((pause, breakIndex) => (
                  <BreakRow
                    // Breaks have no id; their position is their identity while editing.
                    // biome-ignore lint/suspicious/noArrayIndexKey: see above
                    key={breakIndex}
                    dayName={name}
                    number={breakIndex + 1}
                    value={pause}
                    isDisabled={isDisabled}
                    errors={errors}
                    path={`${path}.breaks.${breakIndex}`}
                    onChange={(next) =>
                      change((current) => ({
                        ...current,
                        breaks: current.breaks.map((item, i) => (i === breakIndex ? next : item)),
                      }))
                    }
                    onRemove={() =>
                      change((current) => ({
                        ...current,
                        breaks: current.breaks.filter((_, i) => i !== breakIndex),
                      }))
                    }
                  />
                ))}
                {day.breaks.length < 10 ? (
                  <div>
                    <Button
                      className="p-button p-button--small p-button--ghost"
                      isDisabled={isDisabled}
                      onPress={() =>
                        change((current) => ({
                          ...current,
                          breaks: [...current.breaks, suggestBreak(current)],
                        }))
                      }
                    >
                      + Add break on {name}
                    </Button>
                  </div>
                ) : null}
              </div>
            ) : (
              <p className="p-muted p-working-day__off">Day off</p>
            )}
          </fieldset>
        )
      })}
    </div>
  )
}

function BreakRow({
  dayName,
  number,
  value,
  onChange,
  onRemove,
  errors,
  path,
  isDisabled,
}: {
  dayName: string
  number: number
  value: TimeRange
  onChange: (value: TimeRange) => void
  onRemove: () => void
  errors: FieldErrors
  path: string
  isDisabled: boolean
}) {
  const error = errors[path] ?? errors[`${path}.end`] ?? errors[`${path}.start`]
  return (
    <div className="p-working-day__break">
      <div className="p-working-day__hours">
        <span className="p-working-day__break-label">Break</span>
        <ClockField
          label={`${dayName} break ${number} start`}
          value={value.start}
          onChange={(start) => onChange({ ...value, start })}
          isInvalid={Boolean(error)}
          isDisabled={isDisabled}
        />
        <span aria-hidden="true">–</span>
        <ClockField
          label={`${dayName} break ${number} end`}
          isEnd
          value={value.end}
          onChange={(end) => onChange({ ...value, end })}
          isInvalid={Boolean(error)}
          isDisabled={isDisabled}
        />
        <Button
          className="p-icon-button"
          aria-label={`Remove ${dayName} break ${number}`}
          isDisabled={isDisabled}
          onPress={onRemove}
        >
          ×
        </Button>
      </div>
      {error ? <p className="p-field__error">{error}</p> : null}
    </div>
  )
}
