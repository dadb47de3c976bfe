import { useEffect, useState } from 'react';
import { theme } from '../theme/theme';
import { toastsLoaded, type HotToast } from './toast';

/**
 * The one toast area of the site (spec sections 2 and 9), at the bottom centre: docs/navigation-and-closing.md says
 * why. It appears once react-hot-toast has loaded (./toast.ts), and shows what was raised before.
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
        success: { iconTheme: { primary: theme.colors.gold, secondary: theme.colors.brownDark } },
        error: { duration: 4000, style: { ...base, border: `1px solid ${theme.colors.brownLight}` } },
      }}
    />
  );
}
