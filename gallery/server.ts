/**
 * Gallery server: a static page plus the dataset files, on 127.0.0.1 only (DESIGN.md "Scale and
 * reliability": the gallery binds to loopback and serves only files inside the dataset root).
 *
 * Routes: `/` the page; `/api/datasets` the datasets under the root (the root itself when it holds a
 * manifest.json, else its direct subdirectories that do); `/data/<n>/<path>` a file inside dataset n.
 */
import { createServer, type Server } from 'node:http';
import { createReadStream, existsSync, readFileSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve, sep, extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError } from '../core/errors.js';

const PAGE = join(dirname(fileURLToPath(import.meta.url)), 'index.html');
const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.json': 'application/json',
  '.jsonl': 'application/x-ndjson; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

/** Datasets below `root`: `[{name, dir}]`. Throws UsageError when there are none. */
export function findDatasets(root: string): Array<{ name: string; dir: string }> {
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new UsageError(`DIR: ${root} is not a directory`, 'DIR');
  const abs = realpathSync(root);
  if (existsSync(join(abs, 'manifest.json'))) return [{ name: root.replace(/\/+$/, '').split('/').pop() || root, dir: abs }];
  const out = readdirSync(abs)
    .sort()
    .filter((d) => existsSync(join(abs, d, 'manifest.json')))
    .map((d) => ({ name: d, dir: join(abs, d) }));
  if (out.length === 0) throw new UsageError(`DIR: no manifest.json in ${root} or its subdirectories (generate data first, e.g. npm run demo)`, 'DIR');
  return out;
}

/** Start the gallery. `port` 0 picks a free port. Resolves once listening. */
export async function serveGallery(root: string, port: number): Promise<{ url: string; server: Server }> {
  const sets = findDatasets(root);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const send = (code: number, body: string, type = 'text/plain; charset=utf-8'): void => {
      res.writeHead(code, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'method not allowed');
    if (url.pathname === '/' || url.pathname === '/index.html') return send(200, readFileSync(PAGE, 'utf8'), TYPES['.html']);
    if (url.pathname === '/api/datasets')
      return send(200, JSON.stringify(sets.map((s, i) => ({ n: i, name: s.name, manifest: JSON.parse(readFileSync(join(s.dir, 'manifest.json'), 'utf8')) }))), TYPES['.json']);
    const m = /^\/data\/(\d+)\/(.+)$/.exec(url.pathname);
    if (m) {
      const set = sets[Number(m[1])];
      if (!set) return send(404, 'no such dataset');
      const file = resolve(set.dir, decodeURIComponent(m[2]!));
      if (!file.startsWith(set.dir + sep) || !existsSync(file)) return send(404, 'not found');
      let real: string;
      try {
        real = realpathSync(file);
      } catch {
        return send(404, 'not found');
      }
      if (!real.startsWith(set.dir + sep) || !statSync(real).isFile()) return send(404, 'not found');
      res.writeHead(200, { 'content-type': TYPES[extname(real)] ?? 'application/octet-stream', 'content-length': statSync(real).size });
      if (req.method === 'HEAD') return void res.end();
      createReadStream(real).pipe(res);
      return;
    }
    send(404, 'not found');
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      fail(e.code === 'EADDRINUSE' ? new UsageError(`--port: ${port} is in use; pick another or --port 0`, '--port') : e),
    );
    server.listen(port, '127.0.0.1', () => ok());
  });
  const addr = server.address();
  const p = typeof addr === 'object' && addr ? addr.port : port;
  return { url: `http://127.0.0.1:${p}/`, server };
}
