// Baselines for bench/ingest.mjs, in their own process on the same Node binary as the app (fork
// uses process.execPath): the same 43-byte GIF with the same no-store headers from a bare Express 5
// route (BASELINE=express) or from bare node:http (BASELINE=node). Skipped by bench/run.mjs.
import http from 'node:http';
import express from 'express';

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
let server;
if (process.env.BASELINE === 'express') {
  const app = express();
  app.get('/t/o/:pixel', (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.status(200).type('image/gif').setHeader('Content-Length', String(GIF.length));
    res.end(GIF);
  });
  server = http.createServer(app);
} else {
  server = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'image/gif', 'Content-Length': GIF.length, 'Cache-Control': 'no-store' });
    res.end(GIF);
  });
}
server.keepAliveTimeout = 5000;
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('message', (m) => {
  if (m === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send({ cpu: user + system });
  }
  if (m === 'stop') server.close(() => process.exit(0)) && server.closeAllConnections();
});
