import { PGlite } from '@electric-sql/pglite'
import { readdirSync, existsSync } from 'node:fs'
const dir = '/tmp/ops-pgl-' + Date.now()
const t0 = Date.now()
const db = await PGlite.create({ dataDir: dir })
console.log('created', Date.now() - t0, readdirSync(dir).join(','), existsSync(dir + '/postmaster.pid'))
await db.exec('create table t(x int); insert into t values (1)')
const dump = await db.dumpDataDir('gzip')
console.log('dump', dump.size, (dump as File).name, Buffer.from(await dump.slice(0, 4).arrayBuffer()))
await db.close()
console.log('after close pid exists', existsSync(dir + '/postmaster.pid'))
const dir2 = dir + '-restored'
const db2 = await PGlite.create({ dataDir: dir2, loadDataDir: dump })
console.log((await db2.query('select * from t')).rows)
await db2.close()
console.log(readdirSync(dir2).length)
