// runLoad (http-load.ts) in a process of its own, for a load generator that must run inside a network namespace of
// the test topology (bench/scale.ts spawns it on the topology's edge, which reaches every host's address directly).
// Reads the LoadOptions from the JSON file named by its argument; prints the LoadResult as one JSON line.
import { readFileSync } from 'node:fs';
import { runLoad, type LoadOptions } from './http-load';

const options = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadOptions;
const result = await runLoad(options);
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
