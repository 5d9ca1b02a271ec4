import { FreeAccountBox, MemberBox } from '../../features/home/components/account-box';
import { TopLayout } from '../../features/home/top-layout';
import { CreatePanel } from '../../features/qrcodes/components/create/create-panel';
import { GuestHistory } from '../../features/qrcodes/components/history/guest-history';
import { NewsBox } from '../../features/service/components/news-box';
import { useSearchParams } from '../../lib/router';
import { useSession } from '../../lib/session';

/**
 * Top page: the create form with, for guests, their cookie history;
 * the free-account box (guests) or shortcuts (members); the news box; the about section. Features
 * never import each other, so the page is composed here.
 */
export function TopPage() {
  const { params } = useSession();
  const [search] = useSearchParams();
  // The bookmarklet opens `/?url=<page>`; the URL tab starts with it.
  const initialUrl = search.get('url') ?? '';
  return (
    <TopLayout
      main={
        <>
          <CreatePanel initialUrl={initialUrl} />
          {params.isGuest ? <GuestHistory /> : null}
        </>
      }
      aside={
        <>
          {params.isGuest ? <FreeAccountBox params={params} /> : <MemberBox params={params} />}
          <NewsBox />
        </>
      }
    />
  );
}
