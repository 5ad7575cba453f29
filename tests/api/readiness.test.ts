import { describe, expect, it } from 'vitest'
import { expectProblem } from '../support/api/team-business.ts'
import { createTestApp } from '../support/api/test-app.ts'

// What the load balancer checks (GET /api/v1/ready) against liveness (GET /api/v1/health).
describe('readiness', () => {
  it('is 200 while the process serves, 503 problem+json from the moment it drains while liveness stays 200, and the app closes after the grace', async () => {
    const testApp = await createTestApp()
    let closed = false
    testApp.app.addHook('onClose', async () => {
      closed = true
    })
    try {
      const ready = await testApp.app.inject({ url: '/api/v1/ready' })
      expect(ready.statusCode).toBe(200)
      expect(ready.json()).toMatchObject({ status: 'ok', database: 'ok' })

      // Long enough for the checks below on a loaded machine.
      const drained = testApp.app.lifecycle.drain(5000)
      const draining = await testApp.app.inject({ url: '/api/v1/ready' })
      const problem = expectProblem(draining, 503)
      expect(problem.detail).toBe('This process is shutting down; send requests to another.')
      expect((await testApp.app.inject({ url: '/api/v1/health' })).statusCode).toBe(200)
      expect(closed).toBe(false)
      // Asked again (a second SIGTERM), the same drain.
      expect(testApp.app.lifecycle.drain(0)).toBe(drained)
      await drained
      expect(closed).toBe(true)
    } finally {
      await testApp.database.close()
    }
  })

  it('is 503 problem+json when the database does not answer', async () => {
    const broken = await createTestApp()
    await broken.database.close()
    try {
      const problem = expectProblem(await broken.app.inject({ url: '/api/v1/ready' }), 503)
      expect(problem.detail).toBe('The database is not answering.')
    } finally {
      await broken.app.close()
    }
  })
})
