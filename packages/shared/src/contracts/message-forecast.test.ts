import { describe, expect, it } from 'vitest';
import { capForecast, MessageForecast, roundEstimate, scaleFromSample } from './message-forecast';

const AT = '2026-01-01T00:00:00.000Z';

describe('scaleFromSample: the one rule of a forecast’s numbers', () => {
  it('is the count itself for the whole audience', () => {
    expect(scaleFromSample(1234, 1)).toEqual({ count: 1234 });
  });

  it('scales a sample by 1 / fraction, 3 significant digits, with the standard error √(x(1 − f)) / f rounded up', () => {
    expect(scaleFromSample(40, 1 / 8)).toEqual({ count: 320, error: Math.ceil(Math.sqrt(35) * 8) });
    expect(scaleFromSample(1234, 1 / 64)).toEqual({
      count: 79_000,
      error: Math.ceil(Math.sqrt(1234 * (63 / 64)) * 64),
    });
    expect(roundEstimate(1234 * 64)).toBe(79_000);
  });

  it('states a reason no sampled device hit as 0 with the error of one device', () => {
    expect(scaleFromSample(0, 1 / 8)).toEqual({ count: 0, error: Math.ceil(Math.sqrt(7 / 8) * 8) });
  });
});

describe('MessageForecast', () => {
  const exact = { exact: true, send: 10, losses: [{ type: 107, count: 2 }], at: AT };
  const sampled = {
    exact: false,
    error: 0.02,
    send: 800,
    sendError: 40,
    losses: [{ type: 107, count: 160, error: 20 }],
    at: AT,
  };

  it('accepts an exact forecast without errors and a sampled one with every error', () => {
    expect(MessageForecast.safeParse(exact).success).toBe(true);
    expect(MessageForecast.safeParse(sampled).success).toBe(true);
  });

  it('refuses an exact forecast that states an error, a sampled one that leaves one out, a reason twice', () => {
    expect(MessageForecast.safeParse({ ...exact, sendError: 1 }).success).toBe(false);
    expect(MessageForecast.safeParse({ ...sampled, losses: [{ type: 107, count: 160 }] }).success).toBe(
      false,
    );
    expect(MessageForecast.safeParse({ ...sampled, error: undefined }).success).toBe(false);
    expect(
      MessageForecast.safeParse({
        ...exact,
        losses: [
          { type: 1, count: 1 },
          { type: 1, count: 2 },
        ],
      }).success,
    ).toBe(false);
  });
});

describe('a push count below the forecast sends', () => {
  const whole = MessageForecast.parse({
    exact: false,
    error: 0.02,
    send: 8000,
    sendError: 160,
    losses: [
      { type: 107, count: 1500, error: 40 },
      { type: 1, count: 500, error: 20 },
    ],
    at: '2026-11-25T10:00:00.000Z',
  });

  it('caps the sends and scales every loss met on the way, with its error', () => {
    expect(capForecast(whole, 2000)).toEqual({
      ...whole,
      send: 2000,
      sendError: 40,
      losses: [
        { type: 107, count: 375, error: 10 },
        { type: 1, count: 125, error: 5 },
      ],
    });
  });

  it('leaves the forecast as it is when the count reaches the sends, or without one', () => {
    expect(capForecast(whole, 8000)).toBe(whole);
    expect(capForecast(whole, 9000)).toBe(whole);
    expect(capForecast(whole, undefined)).toBe(whole);
  });
});
