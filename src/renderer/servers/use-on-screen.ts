import { useEffect, useState, type RefObject } from 'react';

// One observer for every row: whether a row is on (or near) the screen decides if it renders in full.
type Listener = (visible: boolean) => void;
const listeners = new WeakMap<Element, Listener>();
let observer: IntersectionObserver | null = null;

function shared(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) listeners.get(entry.target)?.(entry.isIntersecting);
    },
    // Rows a screen away render ahead of time, so scrolling never shows a placeholder.
    { rootMargin: '800px 0px' },
  );
  return observer;
}

/** Whether the element is within a screen of the viewport; `initial` until the first observation. */
export function useOnScreen(ref: RefObject<Element | null>, initial: boolean): boolean {
  const [visible, setVisible] = useState(initial);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    listeners.set(element, setVisible);
    shared().observe(element);
    return () => {
      shared().unobserve(element);
      listeners.delete(element);
    };
  }, [ref]);
  return visible;
}
