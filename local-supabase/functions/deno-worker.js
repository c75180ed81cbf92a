/* global Deno, self */
/**
 * One Edge Function inside a Deno web worker (started by deno-router.js).
 * `Deno.serve(handler)` is intercepted instead of opening a port, as Supabase's
 * edge runtime does; `export default { fetch }` modules work too. Requests and
 * responses cross the worker boundary as plain, fully buffered messages.
 */

let handler = null

function pickHandler(args) {
  for (const arg of args) {
    if (typeof arg === 'function') return arg
    if (arg && typeof arg === 'object' && typeof arg.handler === 'function') return arg.handler
  }
  return null
}

Deno.serve = (...args) => {
  handler = pickHandler(args)
  const finished = new Promise(() => {})
  return {
    finished,
    addr: { transport: 'tcp', hostname: '127.0.0.1', port: 0 },
    shutdown: async () => {},
    ref() {},
    unref() {},
    [Symbol.asyncDispose]: async () => {},
  }
}

function describe(error) {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`
  return String(error)
}

async function boot(entry) {
  try {
    const module = await import(entry)
    if (!handler && module.default && typeof module.default.fetch === 'function') {
      handler = (request) => module.default.fetch(request)
    }
    if (!handler)
      throw new Error('The function neither called Deno.serve nor exported default { fetch }')
    self.postMessage({ type: 'ready' })
  } catch (error) {
    self.postMessage({ type: 'boot_error', message: describe(error) })
  }
}

async function serve(message) {
  const { id, url, method, headers, body } = message
  try {
    const request = new Request(url, {
      method,
      headers,
      body: body && method !== 'GET' && method !== 'HEAD' ? body : undefined,
    })
    const response = await handler(request)
    if (!(response instanceof Response))
      throw new TypeError('The handler did not return a Response')
    const buffer = await response.arrayBuffer()
    self.postMessage(
      {
        type: 'response',
        id,
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers],
        body: buffer,
      },
      [buffer],
    )
  } catch (error) {
    console.error(`[function error] ${describe(error)}`)
    self.postMessage({ type: 'worker_error', id, message: describe(error) })
  }
}

self.onmessage = (event) => {
  const message = event.data
  if (message.type === 'boot') void boot(message.entry)
  else if (message.type === 'request') void serve(message)
}
