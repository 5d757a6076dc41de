import { BlockList, isIP } from 'node:net';

/** Why an address is not public: what a file link may never reach unless BEACON_ALLOW_PRIVATE_LINKS=1. */
export type AddressClass =
  'public' | 'loopback' | 'private' | 'link-local' | 'unspecified' | 'reserved' | 'invalid';

const V4: Array<[string, number, AddressClass]> = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'private'], // carrier-grade NAT
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'reserved'], // multicast
  ['240.0.0.0', 4, 'reserved'], // reserved and broadcast
];

const V6: Array<[string, number, AddressClass]> = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['100::', 64, 'reserved'], // discard
  ['2001:db8::', 32, 'reserved'], // documentation
  ['2001::', 23, 'reserved'], // IETF protocol assignments (Teredo, ORCHID…)
  ['fc00::', 7, 'private'], // unique local
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'private'], // deprecated site-local
  ['ff00::', 8, 'reserved'], // multicast
];

const lists = new Map<AddressClass, BlockList>();
for (const [net, prefix, cls] of [...V4, ...V6]) {
  const list = lists.get(cls) ?? new BlockList();
  list.addSubnet(net, prefix, net.includes(':') ? 'ipv6' : 'ipv4');
  lists.set(cls, list);
}

/** The eight 16-bit groups of an IPv6 address (with an embedded dotted IPv4 tail), or undefined. */
function groups(ip: string): number[] | undefined {
  let text = ip.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail, extra] = text.split('::');
  if (extra !== undefined) return undefined;
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? 0 : 8 - left.length - right.length;
  const all = [...left, ...Array<string>(fill).fill('0'), ...right].map((g) => parseInt(g, 16));
  return all.length === 8 && all.every((g) => g >= 0 && g <= 0xffff) ? all : undefined;
}

const v4Of = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;

/** The IPv4 address an IPv6 address carries (IPv4-mapped, IPv4-compatible, NAT64, 6to4), if any. */
function embeddedV4(ip: string): string | undefined {
  const g = groups(ip);
  if (!g) return undefined;
  const [g0, g1, g2, g3, g4, g5, g6, g7] = g as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(5) && g5 === 0xffff) return v4Of(g6, g7); // ::ffff:a.b.c.d
  if (zeroTo(6) && (g6 !== 0 || g7 > 1)) return v4Of(g6, g7); // ::a.b.c.d (deprecated)
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return v4Of(g6, g7); // 64:ff9b::/96
  if (g0 === 0x2002) return v4Of(g1, g2); // 6to4
  return undefined;
}

/** Classifies a literal IP address; anything that is not a plain public unicast address is not public. */
export function classifyAddress(ip: string): AddressClass {
  const version = isIP(ip.replace(/%.*$/, ''));
  if (version === 0) return 'invalid';
  if (version === 6) {
    const v4 = embeddedV4(ip);
    if (v4) return classifyAddress(v4);
  }
  const type = version === 4 ? 'ipv4' : 'ipv6';
  for (const [cls, list] of lists) if (list.check(ip.replace(/%.*$/, ''), type)) return cls;
  return 'public';
}

export const isPublicAddress = (ip: string): boolean => classifyAddress(ip) === 'public';
