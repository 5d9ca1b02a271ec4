import { describe, expect, it } from 'vitest';
import { hrefOf, isExternal, resolveTo } from '../src/lib/router/location';
import { matchPath } from '../src/lib/router/match-path';
import { matchRoutes, type RouteObject } from '../src/lib/router/routes';

describe('matchPath', () => {
  it('matches literal paths whatever their case, with or without a trailing slash', () => {
    expect(matchPath('/qrcode/list', '/qrcode/list')).toEqual({ params: {} });
    expect(matchPath('/qrcode/list', '/QRCode/List/')).toEqual({ params: {} });
    expect(matchPath('/qrcode/list', '/qrcode')).toBeNull();
    expect(matchPath('/qrcode/list', '/qrcode/list/more')).toBeNull();
    expect(matchPath('/', '/')).toEqual({ params: {} });
    expect(matchPath('/', '/x')).toBeNull();
  });

  it('reads parameters, decoded, and keeps an ill-encoded one as written', () => {
    expect(matchPath('/qrcode/analytics/:id', '/qrcode/analytics/a%20b')).toEqual({ params: { id: 'a b' } });
    expect(matchPath('/qrcode/analytics/:id', '/qrcode/analytics/%E0%A4%A')).toEqual({
      params: { id: '%E0%A4%A' },
    });
    expect(matchPath('/qrcode/analytics/:id', '/qrcode/analytics')).toBeNull();
  });

  it('lets a final * take the rest', () => {
    expect(matchPath('*', '/no/such/page')).toEqual({ params: { '*': 'no/such/page' } });
  });
});

describe('matchRoutes', () => {
  const screen = (path: string): RouteObject => ({ path, handle: path });
  const routes: RouteObject[] = [
    { handle: 'root', children: [{ handle: 'boundary', children: [screen('/'), screen('*')] }] },
    { handle: 'channel', children: [screen('/qrchannel/message/list')] },
  ];
  const handles = (pathname: string) => matchRoutes(routes, pathname).map((m) => m.route.handle);

  it('gives the chain from the outer layout to the screen', () => {
    expect(handles('/')).toEqual(['root', 'boundary', '/']);
    expect(handles('/qrchannel/message/list')).toEqual(['channel', '/qrchannel/message/list']);
  });

  it('takes a screen of a later layout before an earlier catch-all, which takes the rest', () => {
    expect(handles('/elsewhere')).toEqual(['root', 'boundary', '*']);
  });
});

describe('resolveTo', () => {
  const from = { pathname: '/qrcode/list', search: '?page=2' };
  it('keeps absolute addresses and puts a bare query on the current path', () => {
    expect(hrefOf(resolveTo('/service/about#top', from))).toBe('/service/about#top');
    expect(hrefOf(resolveTo('?page=3', from))).toBe('/qrcode/list?page=3');
    expect(hrefOf(resolveTo({ search: '?a=1' }, from))).toBe('/qrcode/list?a=1');
  });

  it('tells links to another site apart', () => {
    expect(isExternal('https://example.com/')).toBe(true);
    expect(isExternal('//example.com/')).toBe(true);
    expect(isExternal('/service/about')).toBe(false);
  });
});
