import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { request } from 'undici';
import {
  BlockedAddressError,
  blockedRange,
  createOutboundAgent,
  findBlockedAddressError,
  parseOutboundUrl,
  UnsupportedUrlError,
} from '../../common/outbound';

describe('outbound safety', () => {
  let server: http.Server;
  let port: number;
  let hits = 0;

  before(async () => {
    server = http.createServer((_req, res) => {
      hits += 1;
      res.end('ok');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });

  after(() => {
    server.closeAllConnections();
    server.close();
  });

  it('classifies internal addresses as blocked and public ones as allowed', () => {
    for (const ip of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ]) {
      expect(blockedRange(ip), ip).to.be.a('string');
    }
    for (const ip of ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(blockedRange(ip), ip).to.equal(null);
    }
  });

  it('accepts only http and https URLs', () => {
    expect(parseOutboundUrl('https://example.com/a').hostname).to.equal('example.com');
    for (const bad of [
      'ftp://example.com/x',
      'file:///etc/passwd',
      'gopher://x',
      'not a url',
      'https://user:pw@example.com/',
    ]) {
      expect(() => parseOutboundUrl(bad), bad).to.throw(UnsupportedUrlError);
    }
  });

  async function refused(url: string): Promise<BlockedAddressError> {
    const agent = createOutboundAgent({ allowPrivate: false, connectTimeoutMs: 2000 });
    try {
      await request(url, { dispatcher: agent });
    } catch (err) {
      const blocked = findBlockedAddressError(err);
      expect(blocked, `${url}: ${String(err)}`).to.be.instanceOf(BlockedAddressError);
      return blocked as BlockedAddressError;
    } finally {
      await agent.close();
    }
    throw new Error(`${url} was not refused`);
  }

  it('refuses loopback, private, metadata and IPv6 loopback literals', async () => {
    const before = hits;
    expect((await refused(`http://127.0.0.1:${port}/`)).range).to.equal('loopback');
    expect((await refused('http://10.0.0.1/')).range).to.equal('private');
    expect((await refused('http://169.254.169.254/latest/meta-data/')).range).to.equal('linkLocal');
    expect((await refused(`http://[::1]:${port}/`)).range).to.equal('loopback');
    expect((await refused('https://[::ffff:7f00:1]/')).range).to.equal('loopback');
    expect(hits).to.equal(before);
  });

  it('refuses a hostname that resolves to loopback, checked at connect time', async () => {
    const before = hits;
    const err = await refused(`http://localhost:${port}/`);
    expect(err.host).to.equal('localhost');
    expect(err.range).to.equal('loopback');
    // The message (which customers see) names their host, not the address it resolved to.
    expect(err.message).to.equal('Outbound connection to localhost refused: the address is not allowed');
    expect((await refused('http://10.0.0.1/')).message).to.equal(
      'Outbound connection refused: the address is not allowed',
    );
    expect(hits).to.equal(before);
  });

  it('works through fetch too (the cause carries the refusal)', async () => {
    const agent = createOutboundAgent({ allowPrivate: false });
    const { fetch } = await import('undici');
    try {
      await fetch(`http://127.0.0.1:${port}/`, { dispatcher: agent, redirect: 'manual' });
      expect.fail('fetch was not refused');
    } catch (err) {
      expect(findBlockedAddressError(err)).to.be.instanceOf(BlockedAddressError);
    } finally {
      await agent.close();
    }
  });

  it('connects to loopback when private addresses are allowed', async () => {
    const agent = createOutboundAgent({ allowPrivate: true });
    try {
      const res = await request(`http://localhost:${port}/`, { dispatcher: agent });
      expect(res.statusCode).to.equal(200);
      expect(await res.body.text()).to.equal('ok');
    } finally {
      await agent.close();
    }
  });
});
