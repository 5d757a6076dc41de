import type { FleetDevice } from './fleet-devices';
import { deriveSeed, mulberry32, pick, pickWeighted, uniform, type Random } from './prng';

/**
 * The fleet's people (issue 33 §7): a share of the devices is signed in to a user of the app, who has attributes and
 * reports the app's own events — what an operator targets, personalises with and starts journeys on in the demo.
 * Everything is drawn from the fleet's seed: the same seed gives the same users, attributes and events.
 */
export interface PersonalOptions {
  /** devices signed in to a user (default 0.7); the rest stay anonymous and report no events */
  signedInPct?: number;
  /** a signed-in user who clicks a push then buys (reports `purchase`), default 0.3 */
  purchaseAfterClickPct?: number;
  /**
   * Live activity: while the fleet runs, every `everySeconds` (× delayScale) a seeded share of the signed-in people
   * reports `view_item` or `cart_abandoned` at that moment (what starts an event journey built after the fleet
   * started). Absent: the people report only their past events, once at start.
   */
  activity?: ActivityOptions;
}

export const PERSONAL_DEFAULTS = { signedInPct: 0.7, purchaseAfterClickPct: 0.3 } as const;

export interface ActivityOptions {
  /** seconds between two ticks, × the fleet's delayScale (default 10) */
  everySeconds?: number;
  /** chance a signed-in person abandons a cart at a tick (default 0.0005: ≈ 7 a tick of 14,000 people) */
  cartPct?: number;
  /** chance a signed-in person views an item at a tick, when not abandoning a cart (default 0.002) */
  viewPct?: number;
}

export const ACTIVITY_DEFAULTS = { everySeconds: 10, cartPct: 0.0005, viewPct: 0.002 } as const;

/** One event a person reports live. */
export interface LiveEvent {
  gaid: string;
  event: TrackedEvent;
}

export type AttributeValue = string | number | boolean | string[];

/** One of the app's own events as POST /sdk/v1/track takes it. */
export interface TrackedEvent {
  name: string;
  /** epoch ms */
  at: number;
  properties?: Record<string, string | number | boolean>;
}

export interface FleetPerson {
  gaid: string;
  /** the app's id of its user (POST /sdk/v1/user) */
  externalId: string;
  attributes: Record<string, AttributeValue>;
  /** what the user did in the app before the fleet started: app_open, view_item, cart_abandoned, purchase */
  events: TrackedEvent[];
}

/** First names by the device's language (what a personalised greeting shows). */
const FIRST_NAMES: Record<string, readonly string[]> = {
  en: ['Ada', 'Tunde', 'Amaka', 'Kofi', 'Wanjiru', 'Chidi', 'Zainab', 'Kwame', 'Grace', 'Musa'],
  fr: ['Awa', 'Moussa', 'Fatou', 'Ibrahima', 'Aminata', 'Koffi', 'Mariam', 'Yao'],
  sw: ['Baraka', 'Neema', 'Juma', 'Rehema', 'Amani'],
  ar: ['Youssef', 'Fatima', 'Omar', 'Salma', 'Karim'],
  pt: ['João', 'Ana', 'Lucas', 'Beatriz'],
};
const PLANS = [
  ['free', 70],
  ['plus', 20],
  ['gold', 10],
] as const;
const CATEGORIES = ['phones', 'fashion', 'football', 'music', 'food', 'travel'] as const;
const DAY_MS = 86_400_000;

/** The signed-in devices' people, in device order (`now`: when the fleet starts; events lie in the 7 days before). */
export function fleetPeople(
  devices: readonly FleetDevice[],
  seed: number,
  opts: PersonalOptions = {},
  now = Date.now(),
): FleetPerson[] {
  const share = opts.signedInPct ?? PERSONAL_DEFAULTS.signedInPct;
  const out: FleetPerson[] = [];
  for (const d of devices) {
    if (d.uninstalled) continue;
    const rnd = mulberry32(deriveSeed(seed, d.index, 11));
    if (rnd() >= share) continue;
    out.push(personOf(d, seed, rnd, now));
  }
  return out;
}

function personOf(d: FleetDevice, seed: number, rnd: Random, now: number): FleetPerson {
  const names = FIRST_NAMES[d.attributes.language] ?? FIRST_NAMES.en!;
  const interests = [
    ...new Set(Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => pick(rnd, CATEGORIES))),
  ];
  const signup = new Date(now - Math.floor(uniform(rnd, 1, 400)) * DAY_MS).toISOString().slice(0, 10);
  const attributes: Record<string, AttributeValue> = {
    first_name: pick(rnd, names),
    plan: pickWeighted(rnd, PLANS),
    signup_date: signup,
    interests,
    lifetime_value: Math.round(uniform(rnd, 0, 250) * 100) / 100,
    push_opt_in: d.notificationsEnabled,
  };
  const at = () => Math.round(now - uniform(rnd, 60, 6 * 86_400) * 1000);
  const events: TrackedEvent[] = [{ name: 'app_open', at: at() }];
  for (let k = Math.floor(rnd() * 3); k > 0; k--)
    events.push({ name: 'view_item', at: at(), properties: { category: pick(rnd, interests) } });
  if (rnd() < 0.25) events.push({ name: 'cart_abandoned', at: at(), properties: cartProperties(rnd) });
  // some bought before (drawn last, so the draws above stay what they were): the app knows `purchase` from the start,
  // and a journey can name it as its exit event before any push was clicked
  if (rnd() < 0.15) events.push(purchaseEvent(rnd, at(), 0));
  events.sort((a, b) => a.at - b.at);
  return { gaid: d.gaid, externalId: `u${seed}-${d.index}`, attributes, events };
}

const cartProperties = (rnd: Random) => ({
  price: Math.round(uniform(rnd, 3, 120) * 100) / 100,
  items: 1 + Math.floor(rnd() * 4),
});

/**
 * What the people do at tick `tick` (1, 2, …) of the live activity, at `now`: one draw per person in order, from a
 * generator of the seed and the tick alone — the same seed, people and tick give the same events.
 */
export function liveActivity(
  people: readonly FleetPerson[],
  seed: number,
  tick: number,
  opts: ActivityOptions = {},
  now = Date.now(),
): LiveEvent[] {
  const cart = opts.cartPct ?? ACTIVITY_DEFAULTS.cartPct;
  const view = opts.viewPct ?? ACTIVITY_DEFAULTS.viewPct;
  const rnd = mulberry32(deriveSeed(seed, tick, 17));
  const out: LiveEvent[] = [];
  for (const p of people) {
    const r = rnd();
    if (r < cart) {
      out.push({ gaid: p.gaid, event: { name: 'cart_abandoned', at: now, properties: cartProperties(rnd) } });
    } else if (r < cart + view) {
      const interests = p.attributes.interests;
      const category = Array.isArray(interests) && interests.length ? pick(rnd, interests) : 'phones';
      out.push({ gaid: p.gaid, event: { name: 'view_item', at: now, properties: { category } } });
    }
  }
  return out;
}

/** Whether the user of a device buys after clicking (a draw of its own, per click). */
export function buysAfterClick(rnd: Random, opts: PersonalOptions = {}): boolean {
  return rnd() < (opts.purchaseAfterClickPct ?? PERSONAL_DEFAULTS.purchaseAfterClickPct);
}

/** A purchase's event, `seconds` after the click at `clickTs`. */
export function purchaseEvent(rnd: Random, clickTs: number, seconds: number): TrackedEvent {
  return {
    name: 'purchase',
    at: Math.round(clickTs + seconds * 1000),
    properties: { amount: Math.round(uniform(rnd, 5, 150) * 100) / 100 },
  };
}
