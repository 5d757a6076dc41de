import { useEffect, useState } from 'react';
import { HoverController } from '../lib/hover-controller';

/** One hover controller for a group of popovers, closed when the window loses focus and disposed on unmount. */
export function useHoverController(): HoverController {
  const [controller] = useState(() => new HoverController());
  useEffect(() => {
    const close = () => controller.close();
    window.addEventListener('blur', close);
    return () => {
      window.removeEventListener('blur', close);
      controller.dispose();
    };
  }, [controller]);
  return controller;
}
