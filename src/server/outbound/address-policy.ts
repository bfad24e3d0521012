import net from 'node:net';

/**
 * Which addresses a server-side request to a user-given URL (a webhook endpoint, a playlist probe) may
 * reach. Without this, a reseller could make the server call its own admin ports, the cloud's metadata
 * service or the LAN behind it, and read the answer back through a delivery log or a probe result.
 */
export type OutboundPolicy = {
  /** `true`: any address (tests, LAN deployments); a list: these CIDRs besides public addresses. */
  allowPrivate: boolean | readonly string[];
  /** Plain http besides https (webhooks ask for https; IPTV servers mostly speak http). */
  allowHttp: boolean;
};

/** Ranges that are not the public internet: private, loopback, link-local, metadata, reserved, multicast. */
const NOT_PUBLIC_V4 = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
];
const NOT_PUBLIC_V6 = [
  '::/128',
  '::1/128',
  '100::/64',
  '2001:db8::/32',
  // 6to4 and Teredo carry an IPv4 address that may be private; nothing legitimate needs them here.
  '2002::/16',
  '2001::/32',
  'fc00::/7',
  'fe80::/10',
  'fec0::/10',
  'ff00::/8',
];

function blockListOf(v4: readonly string[], v6: readonly string[]): net.BlockList {
  const list = new net.BlockList();
  for (const range of v4) addSubnet(list, range, 'ipv4');
  for (const range of v6) addSubnet(list, range, 'ipv6');
  return list;
}

function addSubnet(list: net.BlockList, cidr: string, type: 'ipv4' | 'ipv6'): void {
  const [network, prefix] = cidr.split('/');
  list.addSubnet(network!, Number(prefix), type);
}

const notPublic = blockListOf(NOT_PUBLIC_V4, NOT_PUBLIC_V6);

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6 address. */
function embeddedIpv4(address: string): string | null {
  const match = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(
    address,
  );
  if (!match) return null;
  if (match[1]) return match[1];
  const high = parseInt(match[2]!, 16);
  const low = parseInt(match[3]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Parses the policy's own allowances once (a bad CIDR is a configuration error, thrown at start-up). */
export function compilePolicy(policy: OutboundPolicy): (address: string) => boolean {
  if (policy.allowPrivate === true) return (address) => net.isIP(address) !== 0;
  const allowed = new net.BlockList();
  for (const cidr of policy.allowPrivate === false ? [] : policy.allowPrivate) {
    addSubnet(
      allowed,
      cidr.includes('/') ? cidr : `${cidr}/${net.isIPv6(cidr) ? 128 : 32}`,
      net.isIPv6(cidr) ? 'ipv6' : 'ipv4',
    );
  }
  return (address) => isAllowedAddress(address, allowed);
}

function isAllowedAddress(address: string, allowed: net.BlockList): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  const v4 = family === 4 ? address : embeddedIpv4(address);
  if (v4 !== null) return allowed.check(v4, 'ipv4') || !notPublic.check(v4, 'ipv4');
  return allowed.check(address, 'ipv6') || !notPublic.check(address, 'ipv6');
}
