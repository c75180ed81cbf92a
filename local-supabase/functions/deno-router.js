/* global Deno, Worker */
/**
 * The long-lived Deno process behind the local Edge Functions gateway. Serves
 * `/<name>/…` on 127.0.0.1 (a free port, announced on stdout) by handing each
 * request to a worker that runs `<functionsDir>/<name>/index.ts`. Workers are
 * started on first use and dropped whenever a file under the functions folder
 * changes, so the next request loads the new code. It exits when its stdin
 * ends: the stack holds the other end, so even a stack killed with SIGKILL
 * leaves no Deno behind.
 *
 * Usage: deno run -A deno-router.js <functionsDir>
 */

const functionsDir = Deno.args[0]
if (!functionsDir) {
  console.error('usage: deno-router.js <functionsDir>')
  Deno.exit(2)
}
const workerUrl = new URL('./deno-worker.js', import.meta.url)
const workers = new Map()
let nextId = 1

const json = (status, body) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

function bootError() {
  return json(503, { code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' })
}

function workerError() {
  return json(500, {
    code: 'WORKER_ERROR',
    message: 'Function exited due to an error (please check logs)',
  })
}

function startWorker(name) {
  const entry = new URL(`file://${functionsDir}/${name}/index.ts`).href
  const worker = new Worker(workerUrl, { type: 'module', name })
  const state = { worker, pending: new Map() }
  state.ready = new Promise((resolve) => {
    worker.onmessage = (event) => {
      const message = event.data
      if (message.type === 'ready') resolve(true)
      else if (message.type === 'boot_error') {
        console.error(`[${name}] boot error: ${message.message}`)
        resolve(false)
        dropWorker(name, state)
      } else {
        const respond = state.pending.get(message.id)
        state.pending.delete(message.id)
        respond?.(message)
      }
    }
    worker.onerror = (event) => {
      event.preventDefault()
      console.error(`[${name}] uncaught error: ${event.message}`)
      resolve(false)
      dropWorker(name, state)
    }
  })
  worker.postMessage({ type: 'boot', entry })
  workers.set(name, state)
  return state
}

function dropWorker(name, state) {
  if (workers.get(name) === state) workers.delete(name)
  for (const respond of state.pending.values()) respond({ type: 'worker_error' })
  state.pending.clear()
  state.worker.terminate()
}

/** Retires a worker after a code change: new requests get a fresh one, running ones finish. */
function retireWorker(name, state) {
  if (workers.get(name) === state) workers.delete(name)
  const deadline = Date.now() + 150_000
  const timer = setInterval(() => {
    if (state.pending.size === 0 || Date.now() > deadline) {
      clearInterval(timer)
      dropWorker(name, state)
    }
  }, 100)
}

async function handle(request) {
  const url = new URL(request.url)
  const [, name = ''] = url.pathname.split('/')
  if (!name) return new Response('Function not found', { status: 404 })
  const state = workers.get(name) ?? startWorker(name)
  if (!(await state.ready)) return bootError()
  const body = request.body ? await request.arrayBuffer() : null
  const id = nextId++
  const reply = await new Promise((resolve) => {
    state.pending.set(id, resolve)
    state.worker.postMessage(
      {
        type: 'request',
        id,
        url: request.url,
        method: request.method,
        headers: [...request.headers],
        body,
      },
      body ? [body] : [],
    )
  })
  if (reply.type !== 'response') return workerError()
  const nullBody = [101, 204, 205, 304].includes(reply.status)
  return new Response(nullBody ? null : reply.body, {
    status: reply.status,
    statusText: reply.statusText,
    headers: reply.headers,
  })
}

async function watch() {
  const watcher = Deno.watchFs(functionsDir, { recursive: true })
  for await (const event of watcher) {
    if (event.kind === 'access') continue
    for (const [name, state] of workers) retireWorker(name, state)
  }
}

Deno.serve(
  {
    hostname: '127.0.0.1',
    port: 0,
    onListen: ({ port }) => console.log(`LOCAL_FUNCTIONS_READY ${port}`),
  },
  handle,
)
void watch()

/** Reads stdin until the stack's end of the pipe closes, then exits. */
async function exitWithParent() {
  // nothing is sent: the open pipe only says that the stack is still there
  await Deno.stdin.readable.pipeTo(new WritableStream()).catch(() => undefined)
  Deno.exit(0)
}
void exitWithParent()
