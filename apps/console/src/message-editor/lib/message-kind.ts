import { isPullUp, MessageType } from '@beacon/shared';

/** What a compose screen makes: a notification (msgType 1), or a cross message (msgType 2) with or without a pull-up. */
export type MessageKind = 'notification' | 'cross' | 'pullup';

/** The compose screen of each kind, under /app/{appId}/message/. */
export const COMPOSE_SCREENS: Record<MessageKind, string> = {
  notification: 'editpush',
  cross: 'editcross',
  pullup: 'editpullup',
};

/** The records list a saved message of each kind goes to, under /app/{appId}/data/. */
export const LIST_SCREENS: Record<MessageKind, string> = {
  notification: 'push',
  cross: 'cross',
  pullup: 'cross',
};

/** The kind of a saved message: a cross message whose data names a package is a pull-up. */
export function kindOfMessage(m: { msgType: number; data: Record<string, unknown> }): MessageKind {
  if (m.msgType !== MessageType.PASS_THROUGH) return 'notification';
  return isPullUp(m.data) ? 'pullup' : 'cross';
}

/** The fields of the content a test preview sends, per kind (the rest is targeting and schedule). */
const CONTENT_FIELDS: Record<MessageKind, readonly string[]> = {
  notification: [
    'design',
    'smallIcon',
    'smallIconColor',
    'icon',
    'button',
    'title',
    'desc',
    'exText',
    'exImage',
    'openType',
    'openContent',
    'buttons',
    'langContent',
    'languages',
  ],
  cross: ['crossJson'],
  pullup: ['crossJson', 'enlivePackage', 'enliveActivity', 'enliveJson'],
};

/** Whether a form field (its name's first part) holds content a test preview sends. */
export const isContentField = (name: ReadonlyArray<string | number>, kind: MessageKind): boolean =>
  CONTENT_FIELDS[kind].includes(String(name[0]));
