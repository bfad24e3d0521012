import { describe, expect, it } from 'vitest';
import { helmetHeaders } from './security-headers';

describe('helmetHeaders', () => {
  it("is helmet's header set for the options, computed once", () => {
    const headers = helmetHeaders({
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], objectSrc: ["'none'"] } },
      strictTransportSecurity: { maxAge: 100 },
    });
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).toContain("object-src 'none'");
    expect(headers['strict-transport-security']).toBe('max-age=100; includeSubDomains');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['x-powered-by']).toBeUndefined();
  });

  it('leaves HSTS out when it is off (development over plain HTTP)', () => {
    expect(helmetHeaders({ strictTransportSecurity: false })['strict-transport-security']).toBeUndefined();
  });

  it('refuses a policy computed per request (a nonce would be repeated on every response)', () => {
    expect(() =>
      helmetHeaders({
        contentSecurityPolicy: {
          directives: {
            scriptSrc: ["'self'", (_req, res) => `'nonce-${String((res as { n?: string }).n)}'`],
          },
        },
      }),
    ).toThrow(/depend on the request/);
  });
});
