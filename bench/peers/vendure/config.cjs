/**
 * Vendure's own defaults for a single-node server with its search index (DefaultSearchPlugin,
 * the listing the peer comparison measures), on this machine's PostgreSQL, database `vendure`
 * (VENDURE_DATABASE_URL). Local benchmarking only: the credentials are Vendure's examples.
 */
const {
  DefaultJobQueuePlugin,
  DefaultLogger,
  DefaultSearchPlugin,
  dummyPaymentHandler,
} = require('@vendure/core');

const url = new URL(
  process.env.VENDURE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/vendure',
);

exports.config = {
  apiOptions: { port: Number(process.env.VENDURE_PORT ?? 3300), shopApiPath: 'shop-api' },
  authOptions: {
    tokenMethod: ['bearer', 'cookie'],
    superadminCredentials: { identifier: 'superadmin', password: 'superadmin' },
    cookieOptions: { secret: 'bench' },
  },
  dbConnectionOptions: {
    type: 'postgres',
    synchronize: true,
    logging: false,
    host: url.hostname,
    port: Number(url.port || 5432),
    username: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database: url.pathname.slice(1),
  },
  paymentOptions: { paymentMethodHandlers: [dummyPaymentHandler] },
  logger: new DefaultLogger({ level: 1 }),
  plugins: [DefaultJobQueuePlugin.init({}), DefaultSearchPlugin.init({ bufferUpdates: false })],
};
