/**
 * GoTrue conformance: unmodified supabase-js drives /auth/v1 through each Auth
 * example of issue 19 (e-mail validation, admin pagination, phone sign-in),
 * plus the safety rules (forwarding headers, body limits), in GoTrue's error
 * format. Not a test file of its own: auth.test.ts runs it on its stack, so
 * `npm test` starts no extra stack.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { authVariant } from './auth-variant.ts'
import {
  client,
  serviceClient,
  uniqueEmail,
  type TestStack,
} from '../../local-supabase/testing/test-stack.ts'

const NOT_SUPPORTED = 'not supported by the local Supabase stack'

export function gotrueConformance(getStack: () => TestStack): void {
  let stack: TestStack
  beforeAll(() => {
    stack = getStack()
  })

  describe('admin API', () => {
    it('refuses an address GoTrue would not accept', async () => {
      const admin = serviceClient(stack).auth.admin
      for (const email of ['xx:;x@x.x', 'a b@example.com', 'x@-example.com', 'no-at-sign']) {
        const { data, error } = await admin.createUser({ email, password: 'secret-pass-1' })
        expect(data.user).toBeNull()
        expect(error).toMatchObject({
          status: 400,
          code: 'validation_failed',
          message: 'Unable to validate email address: invalid format',
        })
      }
      const ok = await admin.createUser({
        email: uniqueEmail("o'neil+tag"),
        password: 'secret-pass-1',
      })
      expect(ok.error).toBeNull()
    })

    it('refuses bad pagination parameters instead of listing users', async () => {
      const admin = serviceClient(stack).auth.admin
      const negative = await admin.listUsers({ page: -1, perPage: 10 })
      expect(negative.error).toMatchObject({ status: 400, code: 'validation_failed' })
      expect(negative.error?.message).toContain('Bad Pagination Parameters')
      const fine = await admin.listUsers({ page: 1, perPage: 1 })
      expect(fine.error).toBeNull()
      expect(fine.data.users).toHaveLength(1)
    })
  })

  describe('phone', () => {
    it('answers phone OTP, phone sign-up and phone sign-in with "not supported"', async () => {
      const sb = client(stack)
      const phone = '+447700900123'
      for (const { error } of [
        await sb.auth.signInWithOtp({ phone }),
        await sb.auth.signUp({ phone, password: 'phone-pass-1' }),
        await sb.auth.signInWithPassword({ phone, password: 'phone-pass-1' }),
        await sb.auth.verifyOtp({ phone, token: '123456', type: 'sms' }),
      ]) {
        expect(error).toMatchObject({ status: 422, code: 'phone_provider_disabled' })
        expect(error?.message).toContain(NOT_SUPPORTED)
      }
    })

    it('uses GoTrue’s legacy error shape without the API version header', async () => {
      const response = await fetch(`${stack.apiUrl}/auth/v1/otp`, {
        method: 'POST',
        headers: { apikey: stack.config.publishableKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ phone: '+447700900123' }),
      })
      expect(response.status).toBe(422)
      expect(await response.json()).toEqual({
        code: 422,
        error_code: 'phone_provider_disabled',
        msg: expect.stringContaining(NOT_SUPPORTED),
      })
    })
  })

  describe('safe when reachable', () => {
    async function verifyAttempts(trustProxy: boolean): Promise<number[]> {
      const variant = authVariant(stack, {
        trustProxy,
        rateLimits: { ...stack.config.rateLimits, verify: { limit: 2, windowSeconds: 300 } },
      })
      const statuses: number[] = []
      for (let i = 0; i < 4; i++) {
        const response = await variant.fetch(`${stack.apiUrl}/auth/v1/verify`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${i}` },
          body: JSON.stringify({ type: 'recovery', email: 'nobody@example.com', token: '000000' }),
        })
        statuses.push(response.status)
      }
      return statuses
    }

    it('does not let a client pick its own address with X-Forwarded-For', async () => {
      expect(await verifyAttempts(false)).toEqual([403, 403, 429, 429])
      // behind a proxy the configuration trusts, each forwarded address has its own limit
      expect(await verifyAttempts(true)).toEqual([403, 403, 403, 403])
    })

    it('answers an oversized body with 413 and deep JSON with 400 bad_json', async () => {
      const post = (body: string) =>
        fetch(`${stack.apiUrl}/auth/v1/signup`, {
          method: 'POST',
          headers: {
            apikey: stack.config.publishableKey,
            'Content-Type': 'application/json',
            'X-Supabase-Api-Version': '2024-01-01',
          },
          body,
        })
      const big = await post(
        JSON.stringify({ email: 'x@example.com', data: { pad: 'x'.repeat(300_000) } }),
      )
      expect(big.status).toBe(413)
      expect(await big.json()).toMatchObject({ code: 'request_too_large' })
      const deep = await post(
        `{"email":"x@example.com","data":${'['.repeat(100)}${']'.repeat(100)}}`,
      )
      expect(deep.status).toBe(400)
      expect(await deep.json()).toMatchObject({ code: 'bad_json' })
    })
  })
}
