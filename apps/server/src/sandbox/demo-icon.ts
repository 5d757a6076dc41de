import { encodeRgbaPng } from '../lib/png';

const SIZE = 60;
const WHITE = [255, 255, 255, 255] as const;
const CLEAR = [0, 0, 0, 0] as const;

/** Whether (x, y) of the 60×60 canvas lies on a bell: knob, dome, flared body, rim and clapper. */
function onBell(x: number, y: number): boolean {
  const dx = Math.abs(x + 0.5 - SIZE / 2);
  const py = y + 0.5;
  if (dx ** 2 + (py - 10) ** 2 <= 9) return true; // knob
  if (py >= 12 && py <= 24) return dx ** 2 + (py - 24) ** 2 <= 144; // dome
  if (py > 24 && py <= 40) return dx <= 12 + ((py - 24) / 16) * 5; // body
  if (py > 40 && py <= 45) return dx <= 20; // rim
  return dx ** 2 + (py - 49) ** 2 <= 20; // clapper
}

/**
 * The demo app's default notification small icon: a white bell on transparency, 60×60 PNG, one solid colour —
 * so the first notification composed in the demo needs no upload.
 */
export function demoSmallIcon(): Buffer {
  return encodeRgbaPng(SIZE, SIZE, (x, y) => (onBell(x, y) ? WHITE : CLEAR));
}
