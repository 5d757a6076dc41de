import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseCliOptions } from './cli-options';
import { startEmulator } from './emulator';

// Prints exactly one stdout line, FCM_EMULATOR_READY {...}, which benchmarks and scripts parse.
async function main(): Promise<void> {
  let options;
  try {
    options = parseCliOptions(process.argv.slice(2), process.env);
  } catch (err) {
    process.stderr.write(`fcm-emulator: ${(err as Error).message}\n`);
    process.exit(2);
  }
  const emulator = await startEmulator(options.emulator);
  const caFile = options.caFile === undefined ? null : resolve(options.caFile);
  if (caFile !== null) writeFileSync(caFile, emulator.caPem);
  const ready = { h2cUrl: emulator.h2cUrl, tlsUrl: emulator.tlsUrl, http1Url: emulator.http1Url, caFile };
  process.stdout.write(`FCM_EMULATOR_READY ${JSON.stringify(ready)}\n`);
  // Node's HTTP/2 server builds a discarded ERR_STREAM_DESTROYED for every answered stream; capturing
  // its stack trace costs ~10% of the CPU of a send, and nothing in the emulator reads those stacks.
  Error.stackTraceLimit = 0;

  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    emulator.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`fcm-emulator: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
