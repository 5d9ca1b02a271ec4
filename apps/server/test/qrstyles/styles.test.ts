import { api, qrStylePath } from '@qrqr/shared/paths';
import { DESIGN_LIMITS, DESIGN_PRESETS } from '@qrqr/shared/qr-design-constants';
import { describe, expect, it } from 'vitest';
import { expectError } from '../helpers/expect';
import { guestBrowser, twoMembersPerFile } from '../helpers/qrcodes';

const s = twoMembersPerFile();

describe('/api/qrcode/styles', () => {
  it('asks a guest to sign in', async () => {
    const guest = await guestBrowser(s.t.app);
    expectError(await guest.get(api.qrStyles), 'E-401');
    expectError(await guest.post(api.qrStyles, { name: 'x', design: {} }), 'E-401');
  });

  it('keeps a named style and lists the member’s own, oldest first', async () => {
    const res = await s.owner.client.post(api.qrStyles, {
      name: '春のメニュー',
      design: DESIGN_PRESETS.sakura,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().style).toMatchObject({ name: '春のメニュー', design: { module_shape: 'dots' } });
    const list = await s.owner.client.get(api.qrStyles);
    expect(list.json().styles.map((st: { name: string }) => st.name)).toEqual(['春のメニュー']);
    expect((await s.other.client.get(api.qrStyles)).json().styles).toEqual([]);
  });

  it.each([
    ['name', { name: '', design: {} }, 'validation.style_name_required'],
    ['name', { name: 'あ'.repeat(33), design: {} }, 'validation.style_name_too_long'],
    ['design.fg', { name: 'x', design: { fg: '#eeeeee' } }, 'validation.design_contrast'],
    ['design.bg', { name: 'x', design: { bg: 'white' } }, 'validation.design_color'],
  ])('refuses a bad %s', async (field, body, rule) => {
    expectError(await s.owner.client.post(api.qrStyles, body), 'E-400', { field, rule });
  });

  it('refuses a second style of the same name', async () => {
    await s.other.client.post(api.qrStyles, { name: '同じ名前', design: {} });
    const again = await s.other.client.post(api.qrStyles, { name: '同じ名前', design: {} });
    expectError(again, 'E-409', { messageKey: 'errors.style_name_taken' });
  });

  it(`keeps ${DESIGN_LIMITS.stylesMax} styles at most`, async () => {
    const member = s.other;
    const have = (await member.client.get(api.qrStyles)).json().styles.length as number;
    for (let i = have; i < DESIGN_LIMITS.stylesMax; i++)
      expect((await member.client.post(api.qrStyles, { name: `style ${i}`, design: {} })).statusCode).toBe(
        200,
      );
    expectError(await member.client.post(api.qrStyles, { name: 'one more', design: {} }), 'E-409', {
      messageKey: 'errors.styles_limit',
    });
  });

  it("deletes the member's own style; another member's answers 404", async () => {
    const style = (await s.owner.client.post(api.qrStyles, { name: '消す', design: {} })).json().style;
    expectError(await s.other.client.delete(qrStylePath(style.id)), 'E-404');
    expectError(await s.owner.client.delete(qrStylePath('abc')), 'E-404');
    expect((await s.owner.client.delete(qrStylePath(style.id))).statusCode).toBe(200);
    expectError(await s.owner.client.delete(qrStylePath(style.id)), 'E-404');
  });
});
