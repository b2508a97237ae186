import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { createLocalBus, type EventBus } from './event-bus.ts';
import { createRedisBus } from './redis-bus.ts';

/** The bus of this process: Redis pub/sub when `REDIS_URL` is set, else in-process. */
export async function createEventBus(
  config: Pick<Config, 'redisUrl' | 'redisChannel'>,
  log: FastifyBaseLogger,
): Promise<EventBus> {
  if (!config.redisUrl) {
    log.info({ bus: 'local' }, 'realtime bus: in-process (set REDIS_URL to share events between processes)');
    return createLocalBus();
  }
  const bus = await createRedisBus({ url: config.redisUrl, channel: config.redisChannel, log });
  log.info({ bus: 'redis', channel: config.redisChannel }, 'realtime bus: Redis pub/sub');
  return bus;
}
