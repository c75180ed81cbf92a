/**
 * Debian's real nginx running the server block docs/deploy.md documents, over a
 * built dist/: only `listen`, `root` and the folder of the headers file the build
 * wrote are put in for the test, nothing else of the block is changed.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

export const NGINX = '/usr/sbin/nginx'
const root = resolve(import.meta.dirname, '../..')

/** The one ```nginx block of docs/deploy.md. */
export function documentedServerBlock(): string {
  const doc = readFileSync(join(root, 'docs/deploy.md'), 'utf8')
  const blocks = [...doc.matchAll(/```nginx\n([\s\S]*?)```/g)].map((match) => match[1] ?? '')
  if (blocks.length !== 1)
    throw new Error(`docs/deploy.md has ${blocks.length} nginx blocks, not 1`)
  return blocks[0]!
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => done(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export type RunningNginx = { url: string; close(): Promise<void> }

/** Runs nginx in the foreground with the documented block serving distDir. */
export async function startNginx(distDir: string): Promise<RunningNginx> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install -y nginx`)
  const port = await freePort()
  const block = documentedServerBlock()
    .replace(/^(\s*)listen\s+80;$/m, `$1listen 127.0.0.1:${port};`)
    .replace(/^(\s*)root\s+\S+;$/m, `$1root ${distDir};`)
    .replace(/^(\s*)include\s+\S+\/dist\/([^/\s]+);$/gm, `$1include ${distDir}/$2;`)
  if (
    !block.includes(`listen 127.0.0.1:${port};`) ||
    !block.includes(`root ${distDir};`) ||
    !block.includes(`include ${distDir}/`)
  ) {
    throw new Error(
      'the documented nginx block has no `listen 80;`, `root …;` or `include …;` line',
    )
  }
  const dir = mkdtempSync(join(tmpdir(), 'homeward-nginx-'))
  const conf = join(dir, 'nginx.conf')
  writeFileSync(
    conf,
    [
      'daemon off;',
      // As root, nginx's workers would run as `nobody`, who cannot enter a clone
      // in a private folder (mode 700, as /root and mktemp -d are): they run as
      // root then, and read dist/ wherever the clone lives.
      ...(runsAsRoot() ? ['user root;'] : []),
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 64; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${dir}/${kind};`,
      ),
      block,
      '}',
      '',
    ].join('\n'),
  )
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', conf], { stdio: 'pipe' })
  let output = ''
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 20_000
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`nginx exited (${child.exitCode}): ${output}${readLog(dir)}`)
    }
    const up = await fetch(`${url}/`).then(
      () => true,
      () => false,
    )
    if (up) break
    if (Date.now() > deadline) throw new Error(`nginx did not answer within 20 s: ${readLog(dir)}`)
    await new Promise((done) => setTimeout(done, 100))
  }
  return {
    url,
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done))
        child.kill('SIGQUIT')
        await exited
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

function runsAsRoot(): boolean {
  return process.getuid?.() === 0
}

function readLog(dir: string): string {
  try {
    return readFileSync(join(dir, 'error.log'), 'utf8')
  } catch {
    return ''
  }
}
