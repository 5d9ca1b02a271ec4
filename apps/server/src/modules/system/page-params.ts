import type { Locale } from '@qrqr/shared/limits';
import type { FooterLinks, PageParams } from '@qrqr/shared/page-params';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/core/context';
import { activeMember } from '../auth/lookup';
import { devMailboxAnswers } from './dev-mailbox-access';

/** The page parameters (user, CSRF token, register and footer addresses) for this browser. */
export async function pageParams(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  locale: Locale,
): Promise<PageParams> {
  const { config, sessions } = ctx;
  const sid = sessions.ensureSid(request, reply);
  const userId = await sessions.userId(request);
  const user = userId ? await activeMember(ctx, userId) : undefined;
  return {
    userName: user?.user_name ?? '',
    isGuest: !user,
    isUserRegisteredChannelService: Boolean(user?.channel_service_registered),
    isAccountMenuVisible: Boolean(user),
    QR_CHANNEL_REGISTER_URL: config.QR_CHANNEL_REGISTER_URL,
    'DATAPORTAL.URL': config.DATAPORTAL_URL,
    'ANALYTICS_ABOUT.URL': config.ANALYTICS_ABOUT_URL,
    REGISTER_URL: config.REGISTER_URL,
    csrfToken: sessions.csrfTokenFor(sid),
    locale,
    devMailbox: devMailboxAnswers(config, request),
    footerLinks: configuredLinks({
      company: config.FOOTER_COMPANY_URL,
      terms: config.FOOTER_TERMS_URL,
      privacy: config.FOOTER_PRIVACY_URL,
      news: config.FOOTER_NEWS_URL,
      faq: config.FOOTER_FAQ_URL,
      about: config.FOOTER_ABOUT_URL,
      inquiry: config.FOOTER_INQUIRY_URL,
      blog: config.FOOTER_BLOG_URL,
    }),
  };
}

/** Only the links an operator configured (or the built-in pages): the footer shows nothing else. */
function configuredLinks(links: Record<keyof FooterLinks, string | undefined>): FooterLinks {
  return Object.fromEntries(Object.entries(links).filter(([, href]) => href)) as FooterLinks;
}
