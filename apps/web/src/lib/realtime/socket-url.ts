import { SOCKET_PATH } from '@app/shared/realtime/socket.schemas';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * The socket's address (spec 7): `/notifications/?token=<access token>` on the page's own host,
 * `ws:` on localhost and `wss:` everywhere else, as the spec says. Note that this means a page
 * served over plain http from another host (a LAN address) asks for `wss:` and gets no socket:
 * such a deployment must be served over https (or reached as localhost).
 */
export function socketUrl(location: Pick<Location, 'hostname' | 'host'>, token: string): string {
  const scheme = LOCAL_HOSTS.has(location.hostname) ? 'ws' : 'wss';
  return `${scheme}://${location.host}${SOCKET_PATH}?token=${encodeURIComponent(token)}`;
}
