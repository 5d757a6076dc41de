import { randomBytes } from 'node:crypto';
import { type DeviceCounters } from './quota';
import { type Delivery, type DeviceSpec } from './types';

const INBOX_SIZE = 20;
const TRAY_SIZE = 50;
const PENDING_SIZE = 100;
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{22}:APA91b[A-Za-z0-9_-]{100,200}$/;

interface Pending {
  delivery: Delivery;
  collapseKey?: string;
  notificationTag?: string;
  expiresAt: number;
}

interface DeviceBox {
  inbox: Delivery[];
  tray: Map<string, Delivery>;
  pending: Pending[];
}

export interface Device extends DeviceCounters {
  token: string;
  projectId: string;
  packageName: string;
  online: boolean;
  registered: boolean;
  notificationsEnabled: boolean;
  box?: DeviceBox;
}

/** What an accepted message leaves on a device: used for collapse and tag replacement. */
export interface Accepted {
  collapseKey?: string;
  /** the notification tag, or null for a notification without tag; undefined for data-only messages */
  notificationTag?: string | null;
  ttlSeconds?: number;
}

/** Generates a token shaped like a real one: `<22 chars>:APA91b<135 chars>`. */
export function generateToken(): string {
  return `${randomBytes(16).toString('base64url')}:APA91b${randomBytes(101).toString('base64url')}`;
}

/** Whether a token has the shape of generated tokens. */
export function hasTokenFormat(token: string): boolean {
  return TOKEN_FORMAT.test(token);
}

/** Emulated devices, their bounded inbox, offline queue (with collapse_key) and notification tray (by tag). */
export class Registry {
  readonly devices = new Map<string, Device>();
  private untagged = 0;

  constructor(
    private readonly storeDeliveries: boolean,
    private readonly emit: (d: Delivery) => void,
    private readonly hasListeners: () => boolean,
  ) {}

  register(spec: DeviceSpec): string {
    const token = spec.token ?? generateToken();
    this.devices.set(token, {
      token,
      projectId: spec.projectId,
      packageName: spec.packageName,
      online: spec.online ?? true,
      registered: true,
      notificationsEnabled: true,
      minuteStart: 0,
      minuteCount: 0,
      hourStart: 0,
      hourCount: 0,
    });
    return token;
  }

  get(token: string): Device {
    const d = this.devices.get(token);
    if (d === undefined) throw new Error(`unknown device token: ${token}`);
    return d;
  }

  unregister(token: string): void {
    this.get(token).registered = false;
  }

  setNotificationsEnabled(token: string, enabled: boolean): void {
    this.get(token).notificationsEnabled = enabled;
  }

  setOnline(token: string, online: boolean, now = Date.now()): void {
    const d = this.get(token);
    d.online = online;
    if (!online || d.box === undefined || d.box.pending.length === 0) return;
    const pending = d.box.pending;
    d.box.pending = [];
    for (const p of pending) {
      if (p.expiresAt >= now) this.deliver(d, p.delivery, p.notificationTag);
    }
  }

  inbox(token: string): Delivery[] {
    return [...(this.devices.get(token)?.box?.inbox ?? [])];
  }

  tray(token: string): Record<string, Delivery> {
    return Object.fromEntries(this.devices.get(token)?.box?.tray ?? []);
  }

  /** Stores (or queues, when offline) an accepted message; nothing is built when nobody can observe it. */
  accept(d: Device, message: Record<string, unknown>, name: string, a: Accepted, now: number): void {
    if (!this.storeDeliveries && !(d.online && this.hasListeners())) return;
    const delivery: Delivery = { token: d.token, projectId: d.projectId, name, receivedAt: now, message };
    const tag = a.notificationTag === null ? `FCM-Notification:${++this.untagged}` : a.notificationTag;
    if (d.online) {
      this.deliver(d, delivery, tag);
      return;
    }
    if (!this.storeDeliveries || a.ttlSeconds === 0) return;
    const box = this.boxOf(d);
    if (a.collapseKey !== undefined) {
      const i = box.pending.findIndex((p) => p.collapseKey === a.collapseKey);
      if (i >= 0) {
        box.pending.splice(i, 1);
        delivery.collapsed = true;
      }
    }
    const ttlMs = (a.ttlSeconds ?? 2_419_200) * 1000;
    box.pending.push({ delivery, collapseKey: a.collapseKey, notificationTag: tag, expiresAt: now + ttlMs });
    if (box.pending.length > PENDING_SIZE) box.pending.shift();
  }

  private deliver(d: Device, delivery: Delivery, tag: string | undefined): void {
    if (this.storeDeliveries) {
      const box = this.boxOf(d);
      if (tag !== undefined && d.notificationsEnabled) {
        if (box.tray.delete(tag)) delivery.replaced = true;
        box.tray.set(tag, delivery);
        if (box.tray.size > TRAY_SIZE) box.tray.delete(box.tray.keys().next().value as string);
      }
      box.inbox.push(delivery);
      if (box.inbox.length > INBOX_SIZE) box.inbox.shift();
    }
    this.emit(delivery);
  }

  private boxOf(d: Device): DeviceBox {
    d.box ??= { inbox: [], tray: new Map(), pending: [] };
    return d.box;
  }
}
