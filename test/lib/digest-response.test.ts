// The Digest check of the tests' CalDAV proxy (test/support/caldav-proxy.ts) against the RFCs' own worked
// examples, so that what the CalDAV node's Digest answers are checked against is right by a measure of its own.

import { expect } from 'chai';
import { digestParams, digestResponse } from '../support/caldav-proxy';

describe("the tests' Digest check, by the RFCs' examples", () => {
  it('RFC 7616 3.9.1: MD5 and SHA-256 with qop auth', () => {
    const request = {
      username: 'Mufasa',
      realm: 'http-auth@example.org',
      password: 'Circle of Life',
      method: 'GET',
      uri: '/dir/index.html',
      nonce: '7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v',
      nc: '00000001',
      cnonce: 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ',
      qop: 'auth',
    };
    expect(digestResponse({ ...request, algorithm: 'MD5' })).to.equal('8ca523f5e9506fed4657c9700eebdbec');
    expect(digestResponse({ ...request, algorithm: 'SHA-256' })).to.equal(
      '753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1',
    );
  });

  it("RFC 2617 3.5: MD5 with qop auth, no algorithm named; the header's parameters read back", () => {
    const params = digestParams(
      'username="Mufasa", realm="testrealm@host.com", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", ' +
        'uri="/dir/index.html", qop=auth, nc=00000001, cnonce="0a4f113b", ' +
        'response="6629fae49393a05397450978507c4ef1", opaque="5ccc069c403ebaf9f0171e9517f40e41"',
    );
    expect(params).to.deep.include({ qop: 'auth', nc: '00000001', cnonce: '0a4f113b', uri: '/dir/index.html' });
    expect(
      digestResponse({
        username: params.username,
        realm: params.realm,
        password: 'Circle Of Life',
        method: 'GET',
        uri: params.uri,
        nonce: params.nonce,
        nc: params.nc,
        cnonce: params.cnonce,
        qop: params.qop,
      }),
    ).to.equal(params.response);
  });
});
