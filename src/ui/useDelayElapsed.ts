import { useEffect, useState } from 'react';

/** True once `ms` have passed since the component appeared: for the spec's fixed-length spinners. */
export function useDelayElapsed(ms: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setElapsed(true), ms);
    return () => window.clearTimeout(timer);
  }, [ms]);
  return elapsed;
}
