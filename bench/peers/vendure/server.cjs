/**
 * The peer's server: the shop API at http://127.0.0.1:3300/shop-api. bench/edge.ts drives
 * its search-index listing, `search(input: { groupByProduct: true, take: 18 })`, when
 * EDGE_PEER_VENDURE names that address.
 */
const { bootstrap, JobQueueService } = require('@vendure/core');
const { config } = require('./config.cjs');

bootstrap(config)
  .then((app) => app.get(JobQueueService).start())
  .then(() => console.log(`vendure ready on ${config.apiOptions.port}`));
