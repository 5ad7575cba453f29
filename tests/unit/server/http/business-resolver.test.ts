import { describe, expect, it } from 'vitest'
import { businessSlugFromHost } from '../../../../server/http/business-resolver.ts'

describe('the business a host names', () => {
  const bases = ['book.example.com', 'localhost']

  it('is the label just below a base host, with or without a port', () => {
    expect(businessSlugFromHost('acme.localhost:8080', bases)).toBe('acme')
    expect(businessSlugFromHost('ACME.Book.Example.com', bases)).toBe('acme')
    expect(businessSlugFromHost('cdn.acme.book.example.com', bases)).toBe('acme')
  })

  it('is none for a base host, www, an IP address or an unrelated host', () => {
    expect(businessSlugFromHost('localhost:8080', bases)).toBeUndefined()
    expect(businessSlugFromHost('book.example.com', bases)).toBeUndefined()
    expect(businessSlugFromHost('www.book.example.com', bases)).toBeUndefined()
    expect(businessSlugFromHost('127.0.0.1:8080', bases)).toBeUndefined()
    expect(businessSlugFromHost('[::1]:8080', bases)).toBeUndefined()
    expect(businessSlugFromHost('acme.example.org', bases)).toBeUndefined()
    expect(businessSlugFromHost('notlocalhost', bases)).toBeUndefined()
    expect(businessSlugFromHost(undefined, bases)).toBeUndefined()
  })
})
