import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
  }
}

/** Makes the database and the configuration available to every route. */
export const contextPlugin = fp(
  async (app: FastifyInstance, options: { db: Db; config: Config }) => {
    app.decorate('db', options.db);
    app.decorate('config', options.config);
  },
  { name: 'context' },
);
