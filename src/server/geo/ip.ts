/**
 * IP address checks for the country lookup and the push sender:
 * validation, normal form, and the ranges that never belong to a country
 * nor to a public service (private, loopback, link-local, shared, NAT64,
 * documentation, multicast, reserved).
 */
import { BlockList, isIP } from 'node:net';

/**
 * The address in its normal form ("1.2.3.4", lower-case IPv6; an
 * IPv4-mapped IPv6 "::ffff:1.2.3.4" becomes "1.2.3.4"), or null when `raw`
 * is not an IP address (brackets around IPv6 are accepted, zone ids are not).
 */
export function normalizeIp(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  let s = raw.trim();
  if (s.length === 0 || s.length > 45) return null;
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  if (s.includes('%')) return null;
  const version = isIP(s);
  if (version === 4) return s.split('.').every((o) => o === '0' || !o.startsWith('0')) ? s : null;
  if (version !== 6) return null;
  s = s.toLowerCase();
  const mapped = /^(?:::|(?:0{1,4}:){5})ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(s);
  if (mapped && isIP(mapped[1]!) === 4) return mapped[1]!;
  return s;
}

const special = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  special.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  special.addSubnet(net, prefix, 'ipv6');
}

/** True for addresses of no country and no public service (private networks, loopback, …). `ip` must be normalized. */
export function isNonPublicIp(ip: string): boolean {
  return special.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4');
}
