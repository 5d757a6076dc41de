import { describe, expect, it } from 'vitest';
import { parseCliOptions } from './cli-options';

describe('parseCliOptions', () => {
  it('parses every flag', () => {
    const o = parseCliOptions(
      [
        '--h2c-port',
        '9001',
        '--tls-port=off',
        '--http1-port',
        '0',
        '--quota',
        '1200000',
        '--latency-ms',
        '5',
        '--no-store',
        '--ca-file',
        '/tmp/ca.pem',
        '--host',
        '10.77.0.12',
      ],
      {},
    );
    expect(o).toEqual({
      caFile: '/tmp/ca.pem',
      emulator: {
        host: '10.77.0.12',
        h2cPort: 9001,
        tlsPort: null,
        http1Port: 0,
        quota: { perMinute: 1_200_000 },
        latencyMs: 5,
        storeDeliveries: false,
      },
    });
  });

  it('falls back to FCM_EMULATOR_* variables, flags winning', () => {
    const o = parseCliOptions(['--h2c-port', '7'], {
      FCM_EMULATOR_H2C_PORT: '5',
      FCM_EMULATOR_TLS_PORT: '6',
      FCM_EMULATOR_NO_STORE: '1',
    });
    expect(o.emulator).toEqual({ h2cPort: 7, tlsPort: 6, storeDeliveries: false });
  });

  it('rejects unknown flags and bad values', () => {
    expect(() => parseCliOptions(['--verbose'], {})).toThrow('unknown flag: --verbose');
    expect(() => parseCliOptions(['--h2c-port', '70000'], {})).toThrow('--h2c-port');
    expect(() => parseCliOptions(['--quota'], {})).toThrow('--quota needs a value');
  });
});
