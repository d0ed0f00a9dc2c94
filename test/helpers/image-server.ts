import { startHttpServer } from '../../scripts/local/http-server';
import { png } from './images';

/**
 * Serves images for import tests, in Node beside workerd: `/png/<name>` answers a PNG,
 * `/text/<name>` a text file (not an image), `/redirect?to=<url>` a 302 to `url`,
 * `/endless/<name>` a PNG header followed by bytes without end and no Content-Length,
 * anything else 404. `/requests` answers how many requests it has served, and how many per
 * path (`paths`), so a test can count its own URLs while other files use the server too.
 */
export async function startImageServer() {
  let served = 0;
  const paths: Record<string, number> = {};
  const server = await startHttpServer(async (req, res) => {
    const path = req.url ?? '/';
    if (path === '/requests') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ served, paths }));
      return;
    }
    served += 1;
    paths[path] = (paths[path] ?? 0) + 1;
    if (path.startsWith('/png/')) {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(Buffer.from(png(64, 48)));
    } else if (path.startsWith('/text/')) {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end('not an image at all');
    } else if (path.startsWith('/redirect?')) {
      const to = new URL(path, 'http://x').searchParams.get('to') ?? '/';
      res.writeHead(302, { location: to });
      res.end();
    } else if (path.startsWith('/endless/')) {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(Buffer.from(png(64, 48)));
      const chunk = Buffer.alloc(64 * 1024);
      let sent = 0;
      const more = () => {
        while (!res.destroyed && sent < 64 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      more();
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  return { url: `http://127.0.0.1:${server.port}`, close: () => server.close() };
}
