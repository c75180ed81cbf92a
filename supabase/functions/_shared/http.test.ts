import assert from 'node:assert/strict'
import { clientAddress } from './http.ts'

const from = (headers: Record<string, string>) =>
  clientAddress(new Request('http://functions.test/report-found', { method: 'POST', headers }))

Deno.test(
  'clientAddress: Cloudflare’s CF-Connecting-IP over an X-Forwarded-For the client began',
  () => {
    // Cloudflare appends the real address to the client's own X-Forwarded-For.
    assert.equal(
      from({ 'x-forwarded-for': '203.0.113.9, 198.51.100.7', 'cf-connecting-ip': '198.51.100.7' }),
      '198.51.100.7',
    )
    assert.equal(from({ 'cf-connecting-ip': '2001:db8::1' }), '2001:db8::1')
  },
)

Deno.test(
  'clientAddress: the first X-Forwarded-For entry without CF-Connecting-IP; null for junk',
  () => {
    assert.equal(from({ 'x-forwarded-for': '203.0.113.9, 10.0.0.1' }), '203.0.113.9')
    assert.equal(
      from({ 'cf-connecting-ip': 'not an address', 'x-forwarded-for': '203.0.113.9' }),
      '203.0.113.9',
    )
    assert.equal(from({ 'x-forwarded-for': "1.2.3.4'; drop table" }), null)
    assert.equal(from({}), null)
  },
)
