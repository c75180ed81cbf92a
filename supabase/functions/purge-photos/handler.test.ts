import assert from 'node:assert/strict'
import { SECRET_KEY, testCallers } from '../_shared/testing/callers.ts'
import { createHandler, type PhotoObject } from './handler.ts'

const callers = await testCallers()

function fakeStore(initial: PhotoObject[], failing: string[] = []) {
  const objects = [...initial]
  return {
    objects,
    store: {
      photosToDelete: (maxRows: number) => Promise.resolve(objects.slice(0, maxRows)),
      remove: (bucket: string, names: string[]) => {
        if (failing.includes(bucket)) return Promise.reject(new Error('Storage is down'))
        const gone = objects.filter((o) => o.bucket_id === bucket && names.includes(o.name))
        for (const object of gone) objects.splice(objects.indexOf(object), 1)
        return Promise.resolve(gone.map((o) => o.name))
      },
    },
  }
}

const call = (handler: (r: Request) => Promise<Response>, headers: Record<string, string>) =>
  handler(new Request('http://localhost/purge-photos', { method: 'POST', headers, body: '{}' }))

const secret = { apikey: SECRET_KEY }
const handlerFor = (store: ReturnType<typeof fakeStore>['store'], batchSize?: number) =>
  createHandler({
    allowedOrigins: [],
    callerEnv: callers.env,
    store,
    ...(batchSize ? { batchSize } : {}),
  })

Deno.test('removes every due photo through Storage, in batches, bucket by bucket', async () => {
  const due = Array.from({ length: 7 }, (_, i) => ({
    bucket_id: i % 2 ? 'chat-photos' : 'item-photos',
    name: `folder/${i}.jpg`,
  }))
  const { objects, store } = fakeStore(due)
  const response = await call(handlerFor(store, 3), secret)
  assert.deepEqual(response.status, 200)
  assert.deepEqual(await response.json(), { removed: 7, failed: 0 })
  assert.deepEqual(objects, [])
})

Deno.test('a bucket Storage fails on is counted and left for the next run', async () => {
  const { objects, store } = fakeStore(
    [
      { bucket_id: 'chat-photos', name: 'a/1.jpg' },
      { bucket_id: 'item-photos', name: 'b/2.jpg' },
    ],
    ['item-photos'],
  )
  const response = await call(handlerFor(store), secret)
  assert.deepEqual(await response.json(), { removed: 1, failed: 1 })
  assert.deepEqual(objects, [{ bucket_id: 'item-photos', name: 'b/2.jpg' }])
})

Deno.test("only the project's secret key may purge photos", async () => {
  const { objects, store } = fakeStore([{ bucket_id: 'chat-photos', name: 'a/1.jpg' }])
  const handler = handlerFor(store)
  assert.equal((await call(handler, {})).status, 401)
  assert.equal((await call(handler, { authorization: await callers.user() })).status, 401)
  assert.equal((await call(handler, { authorization: await callers.forgedHs256() })).status, 401)
  assert.equal(objects.length, 1)
})
