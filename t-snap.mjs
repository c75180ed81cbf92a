import v8 from 'node:v8'
v8.setFlagsFromString('--no-wasm-dynamic-tiering')
import { PGlite } from '@electric-sql/pglite'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
let t = Date.now()
const a = await PGlite.create({ extensions: { pgcrypto } })
console.log('create empty', Date.now() - t)
await a.exec('create table x(i int); insert into x select generate_series(1,1000); create extension if not exists pgcrypto;')
t = Date.now()
const blob = await a.dumpDataDir('none')
console.log('dump', Date.now() - t, blob.size)
t = Date.now()
const b = await PGlite.create({ extensions: { pgcrypto }, loadDataDir: blob })
console.log('load', Date.now() - t, (await b.query('select count(*) from x')).rows)
