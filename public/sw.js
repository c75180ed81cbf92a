/**
 * Homeward's service worker: the finder's pages work again with no connection once
 * visited. On install it stores the prerendered finder pages and every file they
 * load; afterwards pages are fetched from the network first (falling back to the
 * stored copy) and hashed assets from the store first. Nothing else is cached: the
 * Supabase API is never touched here.
 */
const CACHE = 'homeward-finder-v1'
const FINDER_PAGES = ['/tag', '/found', '/found/reunite', '/found/thank-you', '/how-to-scan']

/** The /assets/ files a prerendered page references (scripts, preloads, fonts). */
function assetsOf(html) {
  return [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((match) => match[1])
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE)
      for (const page of FINDER_PAGES) {
        const response = await fetch(page, { cache: 'no-cache' })
        if (!response.ok) continue
        const html = await response.clone().text()
        await cache.put(page, response)
        await cache.addAll(assetsOf(html).filter((asset) => !asset.endsWith('.woff')))
      }
      await self.skipWaiting()
    })(),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key)
      await self.clients.claim()
    })(),
  )
})

self.addEventListener('fetch', (event) => {
  const request = event.request
  const url = new URL(request.url)
  if (request.method !== 'GET' || url.origin !== self.location.origin) return
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      (async () => {
        const cache = await caches.open(CACHE)
        const stored = await cache.match(request)
        if (stored) return stored
        const response = await fetch(request)
        if (response.ok) await cache.put(request, response.clone())
        return response
      })(),
    )
    return
  }
  if (request.mode === 'navigate' && FINDER_PAGES.includes(url.pathname.replace(/\/+$/, ''))) {
    const page = url.pathname.replace(/\/+$/, '')
    event.respondWith(
      (async () => {
        const cache = await caches.open(CACHE)
        try {
          const response = await fetch(request)
          if (response.ok) await cache.put(page, response.clone())
          return response
        } catch (error) {
          const stored = await cache.match(page)
          if (stored) return stored
          throw error
        }
      })(),
    )
  }
})
