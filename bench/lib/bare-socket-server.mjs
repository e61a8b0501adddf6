// The realtime floor: a bare socket.io server (no auth, no database, no adapter) whose sockets join
// `user:<id>` from their query; POST /emit sends one event to every known user's room in one multi-room
// emit, as the API's fan-out does (`?mode=each`: one emit per room, as a mass message's copies; `?event=` names it). Prints its port on stdout. Run by bench/realtime.mts as its own process.
import http from 'node:http';
import { Server } from 'socket.io';

const rooms = new Set();
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  if (req.method === 'POST' && url.pathname === '/emit') {
    const event = url.searchParams.get('event') ?? 'feed/published';
    if (url.searchParams.get('mode') === 'each') {
      // One emit per room, each with its own payload (a mass message's copies).
      let n = 0;
      for (const room of rooms) io.to(room).emit(event, { message: { _id: `bench-${n++}`, text: 'Bench message', files: [] }, totalUnread: 1 });
    } else {
      io.to([...rooms]).emit(event, { feedId: 'bench', performerId: 'bench' });
    }
    res.end('ok');
    return;
  }
  res.statusCode = 404;
  res.end();
});
const io = new Server(server, { transports: ['websocket'], serveClient: false });
io.on('connection', (socket) => {
  const room = `user:${socket.handshake.query.userId}`;
  rooms.add(room);
  void socket.join(room);
});
server.listen(0, '127.0.0.1', () => console.log(String(server.address().port)));
process.on('SIGTERM', () => {
  io.close();
  server.close(() => process.exit(0));
});
