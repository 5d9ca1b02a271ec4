import fs from 'node:fs';
import { createRequire } from 'node:module';
import { BlockList, isIP } from 'node:net';
import { UNKNOWN_COUNTRY } from '@qrqr/shared/analytics-constants';
import { Reader, type Response } from 'maxmind';

/**
 * Country of an address, from the IP-to-country database bundled in the pinned npm package
 * `@ip-location-db/geo-whois-asn-country-mmdb` (RIR WHOIS and ASN data of the NRO, CC BY 4.0; the
 * about page names it). Nothing is downloaded: the file ships with the package. Looked up at
 * flush time only; the address itself is never stored.
 */
export type CountryOf = (ip: string) => string;

const DATABASE = '@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb';
const ALPHA2 = /^[A-Z]{2}$/;

/** The file holds only `country_code`; the library types every record as one of its own shapes. */
type CountryRecord = { country_code?: string } & Response;

/**
 * Addresses that belong to no country (loopback, private, shared, link-local, documentation,
 * multicast): the database maps some of them anyway, so they are answered 'ZZ' before it is asked.
 */
const RESERVED = new BlockList();
for (const [net, bits] of [
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
  ['224.0.0.0', 3],
] as const)
  RESERVED.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const)
  RESERVED.addSubnet(net, bits, 'ipv6');

let shared: CountryOf | undefined;

/** The lookup over the bundled file, read once per process (about 8 MB, kept in memory). */
export function bundledCountryOf(): CountryOf {
  if (shared) return shared;
  const file = createRequire(import.meta.url).resolve(DATABASE);
  const reader = new Reader<CountryRecord>(fs.readFileSync(file));
  shared = (ip) => {
    // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d.
    const address = ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
    const family = isIP(address);
    if (family === 0 || RESERVED.check(address, family === 4 ? 'ipv4' : 'ipv6')) return UNKNOWN_COUNTRY;
    try {
      const code = reader.get(address)?.country_code?.toUpperCase();
      return code && ALPHA2.test(code) ? code : UNKNOWN_COUNTRY;
    } catch {
      // A lookup failure makes one read's country unknown, never a failed flush.
      return UNKNOWN_COUNTRY;
    }
  };
  return shared;
}
