import { useEffect, useState } from 'react';
import { theme } from '../theme/theme';
import { toastsLoaded, type HotToast } from './toast';

/**
 * The one toast area of the site (spec sections 2 and 9): dark brown with a gold border, errors with a brown border;
 * at the bottom centre, not the spec's top centre, where a toast covered the page's heading at both widths (issue #55;
 * each toast is still a polite live region, so it is announced wherever it sits); 2000 ms by default and for successes, 4000 ms for errors. react-hot-toast itself keeps at most
 * 20 toasts. Pages raise them with `toast` (./toast.ts); the area appears once react-hot-toast has loaded (for a
 * first toast, or when the shell loads it after the page is shown), and shows what was raised before.
 */
export function ToastArea() {
  const [hotToast, setHotToast] = useState<HotToast | null>(null);
  useEffect(() => {
    let mounted = true;
    void toastsLoaded.then((module) => mounted && setHotToast(module));
    return () => {
      mounted = false;
    };
  }, []);
  if (!hotToast) return null;
  const { Toaster } = hotToast;
  const base = {
    background: theme.colors.brownDark,
    color: theme.colors.parchment,
    border: `1px solid ${theme.colors.gold}`,
    fontFamily: theme.fonts.body,
  };
  return (
    <Toaster
      position="bottom-center"
      containerStyle={{ zIndex: theme.zIndex.toast }}
      toastOptions={{
        duration: 2000,
        style: base,
        success: {
          duration: 2000,
          iconTheme: { primary: theme.colors.gold, secondary: theme.colors.brownDark },
        },
        error: { duration: 4000, style: { ...base, border: `1px solid ${theme.colors.brownLight}` } },
      }}
    />
  );
}
