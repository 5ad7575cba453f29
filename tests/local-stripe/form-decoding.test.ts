import { describe, expect, it } from 'vitest'
import { decodeForm } from '../../local-stripe/form-decoding.ts'

describe('decodeForm', () => {
  it('keeps plain values as strings, numbers and booleans included', () => {
    expect(decodeForm('email=a%40b.c&unit_amount=2900&active=true&name=Ada+Lovelace')).toEqual({
      email: 'a@b.c',
      unit_amount: '2900',
      active: 'true',
      name: 'Ada Lovelace',
    })
  })

  it('nests bracketed keys into objects', () => {
    expect(decodeForm('metadata[business_id]=b1&recurring[interval]=month')).toEqual({
      metadata: { business_id: 'b1' },
      recurring: { interval: 'month' },
    })
  })

  it('reads both empty and indexed brackets as lists', () => {
    expect(decodeForm('expand[]=a&expand[]=b&lookup_keys[0]=x&lookup_keys[1]=y')).toEqual({
      expand: ['a', 'b'],
      lookup_keys: ['x', 'y'],
    })
  })

  it('builds lists of objects at any depth', () => {
    const form = decodeForm(
      'line_items[0][price]=price_1&line_items[0][quantity]=2' +
        '&flow_data[subscription_update_confirm][items][0][id]=si_1' +
        '&flow_data[subscription_update_confirm][items][0][price]=price_2',
    )
    expect(form).toEqual({
      line_items: [{ price: 'price_1', quantity: '2' }],
      flow_data: { subscription_update_confirm: { items: [{ id: 'si_1', price: 'price_2' }] } },
    })
  })

  it('accepts percent-encoded brackets and closes gaps in lists', () => {
    expect(decodeForm('items%5B2%5D%5Bid%5D=si_1')).toEqual({ items: [{ id: 'si_1' }] })
  })

  it('keeps an empty value, which unsets a field in Stripe', () => {
    expect(decodeForm('metadata[old]=&description=')).toEqual({
      metadata: { old: '' },
      description: '',
    })
  })

  it('skips keys that are not bracket syntax', () => {
    expect(decodeForm('[oops]=1&ok=2')).toEqual({ ok: '2' })
  })
})
