/**
 * The realtime bench's crowd: a child process that opens many sockets (`ws` clients) and holds
 * them, apart from the process that measures, so thousands of idle sockets do not sit on the
 * measuring event loop. Told over IPC what to open; answers how long it took.
 */
import { WebSocket } from 'ws';

interface Open {
  type: 'open';
  /** `ws://host:port/notifications/?token=...` for each socket. */
  urls: string[];
  concurrency: number;
}

const sockets: WebSocket[] = [];
const send = (message: unknown) => process.send?.(message);

/** Opens one socket and resolves once the server accepted its token (`socket.ready`). */
function openOne(url: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const timer = setTimeout(() => reject(new Error('no socket.ready within 30 s')), 30_000);
    ws.on('message', (raw) => {
      if (String(raw).includes('"socket.ready"')) {
        clearTimeout(timer);
        sockets.push(ws);
        resolve(performance.now() - started);
      }
    });
    ws.once('close', (code) => {
      clearTimeout(timer);
      reject(new Error(`closed with ${code} before socket.ready`));
    });
    ws.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

async function openAll({ urls, concurrency }: Open) {
  const started = performance.now();
  const times: number[] = [];
  const errors: string[] = [];
  let next = 0;
  async function worker() {
    while (next < urls.length) {
      const url = urls[next++]!;
      try {
        times.push(await openOne(url));
      } catch (err) {
        errors.push((err as Error).message);
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  send({
    type: 'opened',
    wallMs: performance.now() - started,
    times,
    errors: errors.slice(0, 5),
    failed: errors.length,
  });
}

async function closeAll() {
  await Promise.all(
    sockets.splice(0).map(
      (ws) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === WebSocket.CLOSED) return resolve();
          ws.once('close', () => resolve());
          ws.close();
        }),
    ),
  );
  send({ type: 'closed' });
}

process.on('message', (message: { type: string }) => {
  if (message.type === 'open') void openAll(message as Open);
  else if (message.type === 'close') void closeAll();
  else if (message.type === 'count')
    send({ type: 'count', open: sockets.filter((s) => s.readyState === WebSocket.OPEN).length });
  else if (message.type === 'exit') process.exit(0);
});
send({ type: 'started' });
