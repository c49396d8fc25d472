import { messages } from '#shared/messages.ts';
import { buttonSecondary } from '../../components/ui/styles';
import { ApiError } from '../../lib/api';
import type { useNavigate } from '../../router/router';
import { paths } from '../../paths';

// What a panel page does when its first read fails: the server said who may not be here, or the page
// shows the failure with a way to try again (an admin screen never swallows a failure).

const restrictions = ['admin_password_change_required', 'admin_two_factor_required'];

/** Leaves the page when the server refused the session; true when it did. */
export function leaveOnRefusal(error: unknown, navigate: ReturnType<typeof useNavigate>): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 401) navigate(paths.adminLogin, { replace: true });
  // A session that must change the first password or set up the second factor first (ADR 027).
  else if (restrictions.includes(error.code)) navigate(paths.adminSecurity, { replace: true });
  else if (error.status === 403) {
    window.alert(messages.admin_not_allowed);
    navigate(paths.home, { replace: true });
  } else return false;
  return true;
}

export function LoadFailed({ retry }: { retry: () => void }) {
  return (
    <div role="alert" className="mt-6 rounded-2xl bg-red-50 p-5 text-red-900 ring-1 ring-red-200">
      <p>{messages.admin_load_failed}</p>
      <button type="button" className={`${buttonSecondary} mt-3`} onClick={retry}>
        Tentar novamente
      </button>
    </div>
  );
}
