import { existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { gzipSync } from 'node:zlib'
import { appPageFallback } from './page-fallback'
import { LANGUAGE_VARY, pageInRequestLanguage } from './page-language'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
}

export type DistServer = { url: string; server: Server; close: () => Promise<void> }

/**
 * Serves a production build the way a host would: gzip for text, the prerendered
 * page for each public path, the shell for other app routes, 404.html otherwise.
 */
export async function serveDist(
  distDir: string,
  {
    port = 0,
    host = '127.0.0.1',
    headers = [],
  }: {
    port?: number
    host?: string
    /** Sent with every answer, as a host sends dist/_headers' (the CSP, …). */
    headers?: [name: string, value: string][]
  } = {},
): Promise<DistServer> {
  const cache = new Map<string, { body: Buffer; gzip: Buffer }>()
  const exists = (file: string) => existsSync(join(distDir, file))
  const server = createServer((req, res) => {
    let url = req.url ?? '/'
    let status = 200
    const fallback = appPageFallback(url, exists)
    if (fallback) ({ url, status } = fallback)
    let pathname = decodeURIComponent(url.split('?')[0] ?? '/')
    if (pathname === '/') pathname = '/index.html'
    else if (!extname(pathname)) pathname = `${pathname}.html`
    // The finder's pages in the request's language (cookie, then Accept-Language).
    const isPage = pathname.endsWith('.html')
    const inLanguage = isPage ? pageInRequestLanguage(pathname.slice(1), req.headers, exists) : null
    if (inLanguage) pathname = `/${inLanguage}`
    const file = join(distDir, normalize(pathname))
    if (!file.startsWith(distDir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
      return
    }
    let entry = cache.get(file)
    if (!entry) {
      const body = readFileSync(file)
      entry = { body, gzip: gzipSync(body) }
      cache.set(file, entry)
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream'
    const isText = /text|javascript|json|svg/.test(type)
    const useGzip = isText && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))
    res.writeHead(status, {
      ...Object.fromEntries(headers),
      'content-type': type,
      ...(useGzip ? { 'content-encoding': 'gzip' } : {}),
      ...(isPage ? { vary: LANGUAGE_VARY } : {}),
      'cache-control': pathname.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    })
    res.end(req.method === 'HEAD' ? undefined : useGzip ? entry.gzip : entry.body)
  })
  await new Promise<void>((resolve) => server.listen(port, host, resolve))
  const address = server.address() as AddressInfo
  const shownHost = host === '0.0.0.0' ? '127.0.0.1' : host
  return {
    url: `http://${shownHost}:${address.port}`,
    server,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
