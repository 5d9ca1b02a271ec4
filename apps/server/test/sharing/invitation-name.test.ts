import { api } from '@qrqr/shared/paths';
import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../helpers/expect';
import { signUpAndActivate, uniqueEmail } from '../helpers/factories';
import { lastMailTo } from '../helpers/mailbox';
import { createCode, twoMembersPerFile, urlCode } from '../helpers/qrcodes';
import { invite } from '../helpers/sharing';

/**
 * A name is one line, and the inviter's text never becomes a link in an invitation mail: line
 * breaks are refused when a name is saved, and at mail time (rows stored before) the name and the
 * code's title are set on one line with addresses quoted as `evil[.]example`, `https[:]//`.
 */

const s = twoMembersPerFile();
const RULE = 'validation.name_one_line';

describe('names are one line', () => {
  it.each([
    ['a CR/LF in the user name', { user_name: '太郎\r\n至急ログイン', company_name: '' }, 'user_name'],
    [
      'a LF in the company name',
      { user_name: '太郎', company_name: '太郎商店\nhttps://evil.example' },
      'company_name',
    ],
    ['a tab in the user name', { user_name: '太\t郎', company_name: '' }, 'user_name'],
    ['a line separator in the user name', { user_name: '太郎\u2028至急', company_name: '' }, 'user_name'],
  ])('basic info refuses %s', async (_label, body, field) => {
    const member = await signUpAndActivate(s.t.app);
    expectError(await member.client.post(api.userInfo, body), 'E-400', { field, rule: RULE });
    expectError(await member.client.post(api.userInfo, body, { form: true }), 'E-400', { field, rule: RULE });
    expect(expectOk(await member.client.get(api.userInfo)).user).toMatchObject({ user_name: 'テスト太郎' });
  });

  it('says so in English', async () => {
    const member = await signUpAndActivate(s.t.app);
    member.client.cookies.set('lang', 'en');
    const res = await member.client.post(api.userInfo, { user_name: 'Taro\nUrgent', company_name: '' });
    const body = expectError(res, 'E-400', { field: 'user_name', rule: RULE, locale: 'en' });
    expect(body.errors?.[0]?.message).toBe('Please enter it on one line');
  });
});

describe('the invitation mail with an inviter’s name stored before the rule', () => {
  it('keeps the name on one line and turns no name or title into a link (ja)', async () => {
    await s.t.ctx.db.kysely
      .updateTable('users')
      .set({ user_name: '太郎\r\n\r\n【重要】至急 https://evil.example/login で再ログイン\n' })
      .where('id', '=', s.owner.user.user_id)
      .execute();
    const code = await createCode(s.owner.client, urlCode({ title: 'www.evil.example/menu' }));
    const to = uniqueEmail('invitee');
    await invite(s.owner.client, code.id, [to], ['view']);
    const mail = await lastMailTo(s.t.app, to);

    expect(mail.subject).toBe(
      '【QRQR】太郎 【重要】至急 https[:]//evil[.]example/login で再ログインさんからQRコードのアクセスログが共有されました',
    );
    const [first] = mail.text_body.split('\n');
    expect(first).toBe(
      '太郎 【重要】至急 https[:]//evil[.]example/login で再ログインさんが、QRQRで「www[.]evil[.]example/menu」のアクセスログをあなたと共有しました。',
    );
    expect(mail.text_body).not.toMatch(/evil\.example|https:\/\/evil|\r/);
    // The product's own link stays a link.
    expect(mail.text_body).toMatch(/http:\/\/qr\.test\/auth\/qrqrid\/signin\?code=/);
  });

  it('does the same in the English mail', async () => {
    await s.t.ctx.db.kysely
      .updateTable('users')
      .set({ user_name: 'Taro\nPlease sign in at evil.example' })
      .where('id', '=', s.owner.user.user_id)
      .execute();
    await s.t.ctx.db.kysely
      .updateTable('users')
      .set({ locale: 'en' })
      .where('id', '=', s.other.user.user_id)
      .execute();
    const code = await createCode(s.owner.client, urlCode({ title: 'Menu' }));
    await invite(s.owner.client, code.id, [s.other.email], ['view']);
    const mail = await lastMailTo(s.t.app, s.other.email);
    expect(mail.subject).toBe(
      '[QRQR] Taro Please sign in at evil[.]example shared the read log of a QR code with you',
    );
    expect(mail.text_body.split('\n')[0]).toBe(
      'Taro Please sign in at evil[.]example shared the read log of "Menu" with you on QRQR.',
    );
  });
});
