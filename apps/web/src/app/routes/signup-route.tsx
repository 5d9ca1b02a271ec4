import { SignupPage } from '../../features/auth/routes/signup-page';
import { useHasGuestHistory } from '../../features/qrcodes/api/guest-history-presence';
import { useSession } from '../../lib/session';

/** Sign-up offers to carry the guest's codes over when this browser has any (the migrate variant). */
export function SignupRoute() {
  const { params } = useSession();
  const hasHistory = useHasGuestHistory(params.isGuest);
  return <SignupPage guestHasHistory={hasHistory} />;
}
