import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { createLocalBus, type EventBus } from './event-bus.ts';

/** The bus of this process: Redis pub/sub when `REDIS_URL` is set, else in-process. */
export async function createEventBus(
  config: Pick<Config, 'redisUrl'>,
  _log: FastifyBaseLogger,
): Promise<EventBus> {
  // TODO(realtime helper): the Redis bus when config.redisUrl is set.
  return createLocalBus();
}
