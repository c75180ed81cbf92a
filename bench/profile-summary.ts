/**
 * Summarises a V8 .cpuprofile (e.g. from `BENCH_CPU_PROFILE=… npm run bench:fanout`):
 * self time by function and by file, and inclusive time of our own functions.
 * Usage: tsx bench/profile-summary.ts <file.cpuprofile> [rows] [until ms]
 * (until: only the samples of the profile's first <until> ms, e.g. the answers' window)
 */
import { readFileSync } from 'node:fs'

type Node = {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] }

const [file, rowsArg, untilArg] = process.argv.slice(2)
if (!file) throw new Error('usage: tsx bench/profile-summary.ts <file.cpuprofile> [rows]')
const rows = Number(rowsArg ?? 40)
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile

const byId = new Map(profile.nodes.map((node) => [node.id, node]))
const parent = new Map<number, number>()
for (const node of profile.nodes)
  for (const child of node.children ?? []) parent.set(child, node.id)

const until = untilArg ? Number(untilArg) : Infinity
const selfMs = new Map<number, number>()
let elapsed = 0
profile.samples.forEach((id, index) => {
  const delta = (profile.timeDeltas[index] ?? 0) / 1000
  elapsed += delta
  if (elapsed > until) return
  selfMs.set(id, (selfMs.get(id) ?? 0) + delta)
})

const short = (url: string) =>
  url.replace(/^file:\/\/.*?\/(node_modules\/|local-supabase\/|bench\/|tests\/)/, '$1') ||
  '(native)'
const label = (node: Node) =>
  `${node.callFrame.functionName || '(anonymous)'} ${short(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`

const add = (map: Map<string, number>, key: string, ms: number) =>
  map.set(key, (map.get(key) ?? 0) + ms)
const selfByFunction = new Map<string, number>()
const selfByFile = new Map<string, number>()
const inclusive = new Map<string, number>()
let total = 0
for (const [id, ms] of selfMs) {
  const node = byId.get(id)!
  total += ms
  add(selfByFunction, label(node), ms)
  const url = short(node.callFrame.url)
  add(selfByFile, url.startsWith('node_modules/') ? url.split('/').slice(0, 2).join('/') : url, ms)
  const seen = new Set<string>()
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const key = label(byId.get(at)!)
    if (seen.has(key)) continue
    seen.add(key)
    add(inclusive, key, ms)
  }
}

const print = (title: string, map: Map<string, number>, filter = (_: string) => true) => {
  console.log(`\n${title}`)
  for (const [key, ms] of [...map]
    .filter(([key]) => filter(key))
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows))
    console.log(
      `${ms.toFixed(1).padStart(9)} ms ${((100 * ms) / total).toFixed(1).padStart(5)}%  ${key}`,
    )
}
console.log(`total sampled ${total.toFixed(0)} ms`)
print('self time by file', selfByFile)
print('self time by function', selfByFunction)
print('inclusive time, local-supabase', inclusive, (key) => / local-supabase\//.test(key))
if (process.env.ALL) print('inclusive time, all', inclusive)
