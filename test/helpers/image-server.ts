import { startHttpServer } from '../../scripts/local/http-server';
import { png } from './images';

/**
 * Serves images for import tests, in Node beside workerd: `/png/<name>` answers a PNG,
 * `/text/<name>` a text file (not an image), anything else 404.
 */
export async function startImageServer() {
  const server = await startHttpServer(async (req, res) => {
    const path = req.url ?? '/';
    if (path.startsWith('/png/')) {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(Buffer.from(png(64, 48)));
    } else if (path.startsWith('/text/')) {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end('not an image at all');
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  return { url: `http://127.0.0.1:${server.port}`, close: () => server.close() };
}
