/**
 * Homeward's service worker: the finder's pages work again with no connection once
 * visited. On install it stores the prerendered finder pages and every file they may
 * load, including the chunks loaded only on use (sending a report, its proof of
 * work, supabase-js); afterwards pages come from the network first (the stored copy
 * when there is no answer) and the other stored files from the store. The Supabase
 * API is never touched here: a report written offline waits in the page's own
 * storage (src/features/found/pending-report.ts) and is sent by the page.
 */

// Filled in by the build (scripts/lib/finder-precache.ts): the pages, the files and a
// version that changes with them. A new build is a new worker with its own store.
const BUILD = { version: 'dev', pages: [], assets: [] }
const CACHE = `homeward-finder-${BUILD.version}`
const STORED = new Set([...BUILD.pages, ...BUILD.assets])

/** SPEC §4: after 10 s without a reply the app counts as offline (here: the stored page). */
const OFFLINE_AFTER_MS = 10_000

self.addEventListener('install', (event) => {
  // All or nothing: if any file fails, the worker is not installed and the next visit tries again.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        cache.addAll([...STORED].map((url) => new Request(url, { cache: 'no-cache' }))),
      )
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener('activate', (event) => {
  // Older workers' stores go: their files belong to an older build.
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith('homeward-finder-') && key !== CACHE) await caches.delete(key)
      }
      await self.clients.claim()
    })(),
  )
})

/** The network's answer, or null after OFFLINE_AFTER_MS or a network error. */
function fromNetwork(request) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), OFFLINE_AFTER_MS)
    fetch(request).then(
      (response) => {
        clearTimeout(timer)
        resolve(response)
      },
      () => {
        clearTimeout(timer)
        resolve(null)
      },
    )
  })
}

/** A finder page: fresh from the network when it answers (and stored again), else stored. */
async function page(request, path) {
  const cache = await caches.open(CACHE)
  const response = await fromNetwork(request)
  if (response && response.ok) {
    await cache.put(path, response.clone())
    return response
  }
  // ignoreVary: hosts that send `Vary` (vite preview's `Vary: Origin`) would otherwise
  // make every lookup miss for requests whose headers differ from the stored one's.
  return (await cache.match(path, { ignoreVary: true })) ?? response ?? Response.error()
}

/** A built file (hashed names never change): stored first, else fetched and stored. */
async function file(request) {
  const cache = await caches.open(CACHE)
  // Module scripts and fonts are CORS requests (with Origin): without ignoreVary, a
  // host's `Vary: Origin` makes them miss the copies stored at install.
  const stored = await cache.match(request, { ignoreSearch: true, ignoreVary: true })
  if (stored) return stored
  const response = await fetch(request)
  if (response.ok && new URL(request.url).pathname.startsWith('/assets/')) {
    await cache.put(request, response.clone())
  }
  return response
}

self.addEventListener('fetch', (event) => {
  const request = event.request
  const url = new URL(request.url)
  if (request.method !== 'GET' || url.origin !== self.location.origin) return
  const path = url.pathname.replace(/(.)\/+$/, '$1')
  if (request.mode === 'navigate') {
    if (BUILD.pages.includes(path)) event.respondWith(page(request, path))
    return
  }
  if (url.pathname.startsWith('/assets/') || STORED.has(url.pathname)) {
    event.respondWith(file(request))
  }
})

// Web Push (src/features/push, docs/push.md): the owner's alerts. A push carries
// { title, body, url, tag } and nothing of the finder; the notification names the
// item and a tap opens its conversation, in a tab already open on it if there is one.

/** The chat a notification opens, always on this site (a push naming another origin opens the same path here). */
function notificationTarget(url) {
  try {
    const given = new URL(typeof url === 'string' ? url : '/dashboard', self.location.origin)
    if (given.pathname === '/chat' && given.searchParams.get('chatId')) {
      return new URL(
        `/chat?chatId=${encodeURIComponent(given.searchParams.get('chatId'))}`,
        self.location.origin,
      ).href
    }
  } catch {
    // not a URL: the dashboard
  }
  return new URL('/dashboard', self.location.origin).href
}

self.addEventListener('push', (event) => {
  let data = {}
  try {
    data = event.data ? event.data.json() : {}
  } catch {
    data = {}
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Homeward'
  const body = typeof data.body === 'string' ? data.body : 'You have a new alert.'
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      tag: typeof data.tag === 'string' && data.tag ? data.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: notificationTarget(data.url) },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const target = notificationTarget(event.notification.data && event.notification.data.url)
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const open = windows.find((client) => client.url === target)
      if (open) return open.focus()
      try {
        return await self.clients.openWindow(target)
      } catch (error) {
        // The browser refused a new window: take a tab of ours there instead.
        const tab = windows.find((client) => typeof client.navigate === 'function')
        if (!tab) throw error
        return tab.navigate(target)
      }
    })(),
  )
})
