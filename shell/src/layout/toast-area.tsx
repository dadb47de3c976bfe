import { Toaster } from 'react-hot-toast';
import { theme } from 'shared-ui';

/**
 * The one toast area of the site (spec sections 2 and 9): top centre, dark brown with a gold border, errors with a
 * brown border; 2000 ms by default and for successes, 4000 ms for errors. react-hot-toast itself keeps at most
 * 20 toasts. Remotes call `toast` from the shared react-hot-toast and their toasts land here.
 */
export function ToastArea() {
  const base = {
    background: theme.colors.brownDark,
    color: theme.colors.parchment,
    border: `1px solid ${theme.colors.gold}`,
    fontFamily: theme.fonts.body,
  };
  return (
    <Toaster
      position="top-center"
      containerStyle={{ zIndex: theme.zIndex.toast, top: 72 }}
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
