// autocannon's setupRequest, run inside its worker thread: each request takes the next path of the list
// written to BENCH_PATHS_FILE, starting at a random place so connections do not move in lockstep.
const { readFileSync } = require('node:fs');

const paths = JSON.parse(readFileSync(process.env.BENCH_PATHS_FILE, 'utf8'));
let turn = Math.floor(Math.random() * paths.length);

module.exports = (request) => {
  turn = (turn + 1) % paths.length;
  return { ...request, path: paths[turn] };
};
