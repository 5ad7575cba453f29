import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { MoneyField } from '../../src/components/form/money-field'

// A price typed as the customer reads it, stored in minor units whatever the currency's digits.

function Harness({ currency, initial = null }: { currency: string; initial?: number | null }) {
  const [valueMinor, setValueMinor] = useState<number | null>(initial)
  return (
    <>
      <MoneyField
        name="price"
        label="Price"
        currency={currency}
        valueMinor={valueMinor}
        onChange={setValueMinor}
      />
      <output>{valueMinor === null ? 'none' : String(valueMinor)}</output>
    </>
  )
}

async function typePrice(text: string) {
  const user = userEvent.setup()
  const input = screen.getByRole('textbox', { name: 'Price' })
  await user.clear(input)
  await user.type(input, text)
  await user.tab()
  return input as HTMLInputElement
}

describe('the money field', () => {
  it('stores dollars as cents and shows them in the currency', async () => {
    render(<Harness currency="USD" />)
    const input = await typePrice('25.5')
    expect(screen.getByRole('status').textContent).toBe('2550')
    expect(input.value).toBe('$25.50')
  })

  it('stores yen as they are: the yen has no minor unit', async () => {
    render(<Harness currency="JPY" />)
    await typePrice('1200')
    expect(screen.getByRole('status').textContent).toBe('1200')
  })

  it('never loses a cent to floating point, nor keeps a fraction of one', async () => {
    render(<Harness currency="EUR" initial={1000} />)
    // 0.29 × 100 is 28.999999999999996 in floating point.
    await typePrice('0.29')
    expect(screen.getByRole('status').textContent).toBe('29')
    await typePrice('19.999')
    expect(screen.getByRole('status').textContent).toBe('2000')
  })

  it('empties to no price', async () => {
    render(<Harness currency="USD" initial={2500} />)
    const user = userEvent.setup()
    await user.clear(screen.getByRole('textbox', { name: 'Price' }))
    await user.tab()
    expect(screen.getByRole('status').textContent).toBe('none')
  })
})
