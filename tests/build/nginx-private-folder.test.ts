/**
 * The nginx tests do not depend on where the clone lives: nginx serves the
 * documented block over a dist/ inside a folder only its owner may enter
 * (mode 700, as /root and `mktemp -d` are), also when the tests run as root,
 * whose nginx workers would otherwise run as `nobody` and be refused (403).
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NGINX_LANGUAGES_FILE, nginxLanguagesFile } from '../../scripts/lib/host-rules'
import { NGINX, startNginx, type RunningNginx } from './nginx'

const hasNginx = existsSync(NGINX) || Boolean(process.env.CI)

describe.skipIf(!hasNginx)('nginx over a dist/ in a private folder', () => {
  let folder: string
  let nginx: RunningNginx
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'homeward-private-'))
    chmodSync(folder, 0o700)
    const dist = join(folder, 'clone', 'dist')
    mkdirSync(dist, { recursive: true })
    const page = (title: string) => `<!doctype html><title>${title}</title><p>${title}</p>`
    writeFileSync(join(dist, 'index.html'), page('Home'))
    writeFileSync(join(dist, 'tag.html'), page('Tag'))
    writeFileSync(join(dist, 'shell.html'), page('Shell'))
    writeFileSync(join(dist, '404.html'), page('Not found'))
    writeFileSync(
      join(dist, 'security-headers.nginx.conf'),
      'add_header X-Content-Type-Options "nosniff" always;\n',
    )
    // The block includes the build's language maps at the http level (docs/deploy.md).
    writeFileSync(join(dist, NGINX_LANGUAGES_FILE), nginxLanguagesFile())
    nginx = await startNginx(dist)
  })
  afterAll(async () => {
    await nginx?.close()
    if (folder) rmSync(folder, { recursive: true, force: true })
  })

  it('serves its pages, the shell and the 404 page', async () => {
    const home = await fetch(`${nginx.url}/`)
    expect(home.status).toBe(200)
    expect(await home.text()).toContain('<p>Home</p>')
    const tag = await fetch(`${nginx.url}/tag?tagId=HWDEMA2345`)
    expect(tag.status).toBe(200)
    expect(await tag.text()).toContain('<p>Tag</p>')
    const dashboard = await fetch(`${nginx.url}/dashboard`)
    expect(await dashboard.text()).toContain('<p>Shell</p>')
    const missing = await fetch(`${nginx.url}/no-such-page`)
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('<p>Not found</p>')
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff')
  })
})
