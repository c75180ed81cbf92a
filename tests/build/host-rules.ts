/**
 * The host rules of a build (scripts/lib/host-rules.ts), run from build.test.ts
 * once it has built dist/: _redirects and _headers exist and say the three rules
 * and the headers, and Debian's nginx with the server block of docs/deploy.md
 * serves /tag?tagId=X the prerendered tag page, /dashboard the shell and
 * /no-such-page the 404 page with status 404, all with the security headers.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { paths, segmentPaths } from '../../src/lib/paths'
import { headersForPath, parseHeadersFile } from '../../scripts/lib/headers-file'
import {
  localisedNotFound,
  localisedRoutes,
  nginxShellPattern,
  prerenderedRoutes,
  securityHeaders,
  shellRoutes,
  shellSegmentRoutes,
} from '../../scripts/lib/host-rules'
import { builtPages, inlineScriptHashes } from '../../scripts/lib/inline-scripts'
import { documentedServerBlock, NGINX, startNginx, type RunningNginx } from './nginx'

/** The headers of the build in dist (local stack's URL, its inline scripts' hashes). */
const builtHeaders = (dist: string) =>
  securityHeaders('http://127.0.0.1:54321', inlineScriptHashes(builtPages(dist)))

// Debian's nginx; CI installs it (.ci/run), so there it must run.
const hasNginx = existsSync(NGINX) || Boolean(process.env.CI)

export function hostRulesTests(dist: string): void {
  describe('host rules for Netlify and Cloudflare Pages', () => {
    it('writes dist/_redirects: prerendered pages, the shell for app routes, 404 otherwise', () => {
      const rules = readFileSync(join(dist, '_redirects'), 'utf8')
        .split('\n')
        .filter((line) => line && !line.startsWith('#'))
        .map((line) => line.split(/\s+/))
      expect(rules).toContainEqual([paths.tag, '/tag.html', '200'])
      expect(rules).toContainEqual([paths.foundReunite, '/found/reunite.html', '200'])
      expect(rules).toContainEqual([paths.dashboard, '/shell.html', '200'])
      expect(rules).toContainEqual([paths.chat, '/shell.html', '200'])
      expect(rules).toContainEqual([`${segmentPaths.caseLink}/*`, '/shell.html', '200'])
      expect(rules.at(-1)).toEqual(['/*', '/404.html', '404'])
      for (const [, target] of rules) expect(existsSync(join(dist, target!.slice(1)))).toBe(true)
      // The finder's pages in each language first, by Netlify's Language condition.
      expect(rules).toContainEqual([paths.tag, '/pl/tag.html', '200', 'Language=pl'])
      expect(rules).toContainEqual([
        paths.foundReunite,
        '/ar/found/reunite.html',
        '200',
        'Language=ar',
      ])
      expect(rules).toContainEqual([paths.tag, '/zh-Hans/tag.html', '200', 'Language=zh'])
      const firstEnglish = rules.findIndex((rule) => rule.length === 3)
      expect(rules.slice(0, firstEnglish).every((rule) => rule[3]?.startsWith('Language='))).toBe(
        true,
      )
      const localised = localisedRoutes((file) => existsSync(join(dist, file)))
      expect(localised.length).toBeGreaterThanOrEqual(5 * 11)
      // The 404 page (a mistyped tag link) in the browser's language, before the English one.
      const notFound = localisedNotFound((file) => existsSync(join(dist, file)))
      expect(notFound).toHaveLength(11)
      expect(rules.slice(-12, -1)).toEqual(
        notFound.map(({ locale, file }) => [
          '/*',
          `/${file}`,
          '404',
          `Language=${locale === 'zh-Hans' ? 'zh' : locale}`,
        ]),
      )
      expect(rules).toContainEqual(['/*', '/pl/404.html', '404', 'Language=pl'])
      expect(rules).toContainEqual([paths.privacy, '/pl/privacy.html', '200', 'Language=pl'])
      expect(rules).toHaveLength(
        notFound.length +
          localised.length +
          prerenderedRoutes().length +
          shellRoutes().length +
          shellSegmentRoutes().length +
          1,
      )
    })

    it('writes dist/_headers: the security headers on every path, the CSP naming the build’s API', () => {
      const headers = readFileSync(join(dist, '_headers'), 'utf8')
      const all = `${headers.split('\n\n').find((block) => block.startsWith('/*\n'))}\n`
      for (const [name, value] of builtHeaders(dist)) {
        expect(all).toContain(`  ${name}: ${value}\n`)
      }
      expect(all).toContain("connect-src 'self' http://127.0.0.1:54321 ws://127.0.0.1:54321;")
      // Read back as a host (and `npm run preview`) reads it.
      const rules = parseHeadersFile(headers)
      expect(headersForPath(rules, '/tag')).toEqual(builtHeaders(dist))
      expect(headersForPath(rules, '/assets/index-abc.js')).toContainEqual([
        'Cache-Control',
        'public, max-age=31536000, immutable',
      ])
      expect(headersForPath(rules, '/sw.js')).toContainEqual(['Cache-Control', 'no-cache'])
      // /tag's early lookup and React's form replay, each allowed by its hash alone.
      expect(all).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]{43}=')+;/)
      expect(inlineScriptHashes(builtPages(dist)).length).toBeGreaterThanOrEqual(2)
    })
  })

  describe.skipIf(!hasNginx)('the nginx server block of docs/deploy.md', () => {
    let nginx: RunningNginx
    beforeAll(async () => {
      nginx = await startNginx(dist)
    })
    afterAll(() => nginx?.close())

    const expectSecurityHeaders = (response: Response) => {
      for (const [name, value] of builtHeaders(dist)) {
        expect(response.headers.get(name), name).toBe(value)
      }
    }
    const file = (name: string) => readFileSync(join(dist, name), 'utf8')

    it('lists exactly the app routes without a prerendered page for the shell', () => {
      expect(documentedServerBlock()).toContain(`location ~* ${nginxShellPattern()} {`)
    })

    it('serves /tag?tagId=X the prerendered tag page', async () => {
      const response = await fetch(`${nginx.url}/tag?tagId=HWDEMA2345`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toContain('text/html')
      expect(await response.text()).toBe(file('tag.html'))
      expectSecurityHeaders(response)
    })

    it('serves a prerendered page asked for with a trailing slash (/tag/?tagId=X)', async () => {
      for (const [path, page] of [
        ['/tag/?tagId=HWDEMA2345', 'tag.html'],
        ['/found/reunite/', 'found/reunite.html'],
      ] as const) {
        const response = await fetch(`${nginx.url}${path}`, { redirect: 'manual' })
        expect(response.status, path).toBe(200)
        expect(await response.text(), path).toBe(file(page))
        expectSecurityHeaders(response)
      }
      const elsewhere = await fetch(`${nginx.url}//elsewhere.example/`, { redirect: 'manual' })
      expect(elsewhere.status).toBe(404)
    })

    it('serves the finder’s pages in the phone’s language: the locale cookie, then Accept-Language', async () => {
      const page = async (path: string, headers: Record<string, string>) => {
        const response = await fetch(`${nginx.url}${path}`, { headers })
        expect(response.status, path).toBe(200)
        expectSecurityHeaders(response)
        return response.text()
      }
      expect(
        await page('/tag?tagId=HWDEMA2345', { 'accept-language': 'pl-PL,pl;q=0.9,en;q=0.8' }),
      ).toBe(file('pl/tag.html'))
      expect(await page('/found/reunite/', { 'accept-language': 'ar-EG' })).toBe(
        file('ar/found/reunite.html'),
      )
      expect(await page('/tag', { 'accept-language': 'zh-CN,zh' })).toBe(file('zh-Hans/tag.html'))
      expect(await page('/tag', { 'accept-language': 'zh-TW' })).toBe(file('tag.html'))
      // The first language we have, past those we do not (as the app negotiates).
      expect(await page('/tag', { 'accept-language': 'ja,pl;q=0.8' })).toBe(file('pl/tag.html'))
      expect(await page('/tag', { 'accept-language': 'en-GB,pl;q=0.8' })).toBe(file('tag.html'))
      // The menu's choice (the cookie) wins, English included.
      expect(await page('/tag', { 'accept-language': 'pl', cookie: 'a=b; locale=cy' })).toBe(
        file('cy/tag.html'),
      )
      expect(await page('/tag', { 'accept-language': 'pl', cookie: 'locale=en' })).toBe(
        file('tag.html'),
      )
      // Pages with no copies, and the shell, stay as they are.
      expect(await page('/faq', { 'accept-language': 'pl' })).toBe(file('faq.html'))
      expect(await page('/chat', { 'accept-language': 'pl' })).toBe(file('shell.html'))
    })

    it('serves /found/reunite its page, and /dashboard, /chat and /case/<token> the shell', async () => {
      const reunite = await fetch(`${nginx.url}/found/reunite`)
      expect(reunite.status).toBe(200)
      expect(await reunite.text()).toBe(file('found/reunite.html'))
      for (const path of ['/dashboard', '/chat?chatId=abc', '/case/AbC-123_x']) {
        const response = await fetch(`${nginx.url}${path}`)
        expect(response.status, path).toBe(200)
        expect(await response.text(), path).toBe(file('shell.html'))
        expectSecurityHeaders(response)
      }
    })

    it('answers /no-such-page with the 404 page and status 404', async () => {
      const deeper = await fetch(`${nginx.url}/case/abc/more`)
      expect(deeper.status).toBe(404)
      const response = await fetch(`${nginx.url}/no-such-page`)
      expect(response.status).toBe(404)
      expect(await response.text()).toBe(file('404.html'))
      expectSecurityHeaders(response)
    })

    it('answers a mistyped address with the 404 page in the phone’s language', async () => {
      const polish = await fetch(`${nginx.url}/tg?tagId=HWDEMA2345`, {
        headers: { 'accept-language': 'pl-PL,pl;q=0.9' },
      })
      expect(polish.status).toBe(404)
      expect(await polish.text()).toBe(file('pl/404.html'))
      expectSecurityHeaders(polish)
      const welsh = await fetch(`${nginx.url}/no-such-page`, { headers: { cookie: 'locale=cy' } })
      expect(welsh.status).toBe(404)
      expect(await welsh.text()).toBe(file('cy/404.html'))
    })
  })
}
