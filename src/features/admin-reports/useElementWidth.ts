import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The width, in CSS pixels, of the element the returned ref is attached to, kept current as the page is resized
 * (ResizeObserver). `fallback` until the element has been measured (the first render, and where there is no layout).
 */
export function useElementWidth<Element extends HTMLElement>(fallback: number) {
  const ref = useRef<Element>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null) return;
    const measure = () => {
      const measured = Math.round(element.getBoundingClientRect().width);
      if (measured > 0) setWidth(measured);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}
