import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, type Dispatcher } from 'undici';
import { findInCauseChain } from './errorChain';

// Outbound HTTP safety for every URL a customer gives us (recording files, webhook endpoints).
// The check runs on the address the socket actually connects to, inside the connector: a hostname
// that resolves to a private address is refused at connect time, so DNS rebinding (public answer
// at validation, private answer at fetch) and redirects to internal hosts cannot reach the inside.
// Callers never follow redirects automatically (undici `request` does not; fetch needs
// `redirect: 'manual'`). Node's built-in fetch ignores http.Agent, hence an undici Agent here.

/**
 * A connection refused by the address check. Its message never names the address or its range: it
 * reaches customers (a recording's failure reason, webhook delivery logs and test answers), and the
 * address a name resolves to inside our network is nobody's business outside it. `address` and `range`
 * are kept for the operators' logs.
 */
export class BlockedAddressError extends Error {
  readonly code = 'ERR_OUTBOUND_BLOCKED';
  constructor(
    public readonly host: string,
    public readonly address: string,
    public readonly range: string,
  ) {
    // The host name is the customer's own (from their URL or their server's redirect); an IP literal is not repeated either.
    super(
      net.isIP(host)
        ? 'Outbound connection refused: the address is not allowed'
        : `Outbound connection to ${host} refused: the address is not allowed`,
    );
    this.name = 'BlockedAddressError';
  }
}

export class UnsupportedUrlError extends Error {
  readonly code = 'ERR_OUTBOUND_URL';
  constructor(message: string) {
    super(message);
    this.name = 'UnsupportedUrlError';
  }
}

/**
 * The ipaddr.js range name when `address` may not be reached from the public side, null when it is
 * an ordinary public unicast address. Anything ipaddr.js does not call 'unicast' is refused:
 * loopback, private, uniqueLocal, linkLocal (incl. 169.254.169.254 metadata), unspecified,
 * carrierGradeNat, multicast, broadcast, reserved, NAT64/6to4/Teredo wrappers, ...
 */
export function blockedRange(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'invalid';
  // ::ffff:10.0.0.1 is judged as the IPv4 address it carries.
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  return range === 'unicast' ? null : range;
}

/** Parses a URL we are about to fetch; only http and https are spoken. */
export function parseOutboundUrl(value: string | URL): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UnsupportedUrlError('The URL is not valid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UnsupportedUrlError(`Only http and https URLs are fetched, not ${url.protocol.replace(/:$/, '')}`);
  }
  if (url.username || url.password) throw new UnsupportedUrlError('URLs with credentials are not fetched');
  return url;
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/** dns.lookup with the same contract, answering an error when any resolved address is blocked. */
function checkedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) {
      callback(err, '');
      return;
    }
    // A name that answers with any internal address is refused as a whole rather than filtered:
    // that answer is either a misconfiguration or an attempt to reach the inside.
    for (const entry of addresses) {
      const range = blockedRange(entry.address);
      if (range) {
        callback(new BlockedAddressError(hostname, entry.address, range), '');
        return;
      }
    }
    if (addresses.length === 0) {
      const notFound: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
      notFound.code = 'ENOTFOUND';
      callback(notFound, '');
      return;
    }
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0].address, addresses[0].family);
  });
}

export interface OutboundAgentOptions {
  /** Lifts the block on internal addresses (config OUTBOUND_ALLOW_PRIVATE, for development and tests). */
  allowPrivate: boolean;
  /** TCP/TLS connect timeout; undici's default is 10 s. */
  connectTimeoutMs?: number;
}

/** A dispatcher for undici `request`/`fetch` that refuses internal addresses unless allowPrivate. */
export function createOutboundAgent({ allowPrivate, connectTimeoutMs }: OutboundAgentOptions): Dispatcher {
  if (allowPrivate) return new Agent({ connect: { timeout: connectTimeoutMs } });
  const connector = buildConnector({ timeout: connectTimeoutMs, lookup: checkedLookup });
  return new Agent({
    connect(options, callback) {
      // An IP literal never goes through lookup, so it is judged here (undici strips IPv6 brackets).
      if (net.isIP(options.hostname)) {
        const range = blockedRange(options.hostname);
        if (range) {
          callback(new BlockedAddressError(options.hostname, options.hostname, range), null);
          return;
        }
      }
      connector(options, callback);
    },
  });
}

/** The refused-address error in `err` or in the cause chain fetch wraps it in, if any. */
export function findBlockedAddressError(err: unknown): BlockedAddressError | undefined {
  return findInCauseChain(err, (e): e is BlockedAddressError => e instanceof BlockedAddressError);
}
