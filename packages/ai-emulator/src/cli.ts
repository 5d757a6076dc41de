import { parseCliOptions } from './cli-options';
import { startAiEmulator } from './emulator';

// Prints exactly one stdout line, AI_EMULATOR_READY {...}, which scripts parse for the base URL.
async function main(): Promise<void> {
  let options;
  try {
    options = parseCliOptions(process.argv.slice(2), process.env);
  } catch (err) {
    process.stderr.write(`ai-emulator: ${(err as Error).message}\n`);
    process.exit(2);
  }
  const emulator = await startAiEmulator(options);
  const ready = { url: emulator.url, baseURL: `${emulator.url}/v1`, model: emulator.model };
  process.stdout.write(`AI_EMULATOR_READY ${JSON.stringify(ready)}\n`);

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
  process.stderr.write(`ai-emulator: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
