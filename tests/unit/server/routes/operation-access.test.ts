import { readFileSync } from 'node:fs'
import Fastify, { type FastifyRequest, type FastifySchema } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import type { Member } from '../../../../server/domain/member.ts'
import { checkMemberAccess } from '../../../../server/http/member-access.ts'
import { problemDetailsPlugin } from '../../../../server/plugins/problem-details.ts'
import { OPERATION_ACCESS } from '../../../../server/routes/operation-access.ts'
import type { Permission } from '../../../../shared/permissions.ts'

// Who may call what is declared once per operation and checked by one hook: the table must
// name every operation the contract secures with a bearer token, and nothing else.

interface Operation {
  operationId?: string
  security?: Record<string, string[]>[]
}
const contract = parse(readFileSync('openapi/openapi.yaml', 'utf8')) as {
  security: Record<string, string[]>[]
  paths: Record<string, Record<string, Operation>>
}
const methods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options'])
const bearerOperations = Object.values(contract.paths)
  .flatMap((path) => Object.entries(path))
  .filter(([method]) => methods.has(method))
  .map(([, operation]) => operation)
  .filter((operation) => (operation.security ?? contract.security).length > 0)
  .map((operation) => operation.operationId)

describe('the operation access table', () => {
  it('declares every bearer operation of the contract, and nothing else', () => {
    expect(bearerOperations.length).toBeGreaterThan(80)
    expect(Object.keys(OPERATION_ACCESS).sort()).toEqual([...bearerOperations].sort())
  })
})

const memberAs = (permission: Permission, teamMemberId: string | null = 'tm-1'): Member => ({
  tenantId: 'tenant-1',
  uid: `uid-${permission}`,
  permission,
  teamMemberId,
  actor: { uid: `uid-${permission}`, name: null, email: null },
})
let signedIn: Member = memberAs('owner')

const app = Fastify()
await app.register(problemDetailsPlugin, {})
await app.register(async (scope) => {
  scope.decorateRequest('identity', null)
  scope.addHook('onRequest', async (request) => {
    request.identity = {
      uid: signedIn.uid,
      email: null,
      emailVerified: false,
      name: null,
      authTime: null,
    }
  })
  checkMemberAccess(scope, { access: OPERATION_ACCESS, resolve: async () => signedIn })
  const answer = async (request: FastifyRequest) => ({ member: request.member })
  for (const operationId of ['createService', 'createAppointment', 'listPlans', 'getMe']) {
    // As fastify-openapi-glue gives every route: the operation's id in its schema.
    const schema = { operationId } as FastifySchema
    scope.get(`/${operationId}`, { schema }, answer)
  }
})
afterAll(() => app.close())

const call = async (operationId: string, member: Member) => {
  signedIn = member
  return app.inject({ url: `/${operationId}` })
}

describe('the member access check', () => {
  it('hands the handler the member the operation allows', async () => {
    const response = await call('createService', memberAs('admin'))
    expect(response.statusCode).toBe(200)
    expect(response.json().member).toEqual(memberAs('admin'))
  })

  it('refuses a member without the capability, saying what they may not do', async () => {
    const response = await call('createService', memberAs('staff'))
    expect(response.statusCode).toBe(403)
    expect(response.json().detail).toBe("You don't have permission to add services.")
  })

  it('lets any member call an operation that names no capability', async () => {
    expect((await call('listPlans', memberAs('staff'))).statusCode).toBe(200)
  })

  it('refuses an own-column write to a member with no team-member record', async () => {
    const response = await call('createAppointment', memberAs('staff', null))
    expect(response.statusCode).toBe(403)
    expect(response.json().detail).toBe(
      "You don't have permission to book appointments: you have no team-member record.",
    )
    expect((await call('createAppointment', memberAs('staff'))).statusCode).toBe(200)
    expect((await call('createAppointment', memberAs('admin', null))).statusCode).toBe(200)
  })

  it('resolves no member for an operation that stands on the token alone', async () => {
    const response = await call('getMe', memberAs('staff', null))
    expect(response.statusCode).toBe(200)
    expect(response.json().member).toBeNull()
  })
})
