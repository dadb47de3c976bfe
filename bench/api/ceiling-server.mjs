// The ceiling: a plain node:http server answering fixed JSON bodies from memory, with no framework, no database
// and no auth. Bodies come from files given on the command line: /list and /one answer them.
import fs from 'node:fs';
import http from 'node:http';

const [port, listFile, oneFile] = process.argv.slice(2);
const bodies = { '/list': fs.readFileSync(listFile), '/one': fs.readFileSync(oneFile) };
const server = http.createServer((request, response) => {
  const body = bodies[request.url] ?? bodies['/one'];
  response.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': body.length,
  });
  response.end(body);
});
server.keepAliveTimeout = 72_000;
server.listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
